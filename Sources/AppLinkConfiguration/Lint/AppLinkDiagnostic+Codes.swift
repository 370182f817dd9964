// Codes print as codes: `print(diagnostic.severity)` writes `error`, `warning` or `info`, as the command writes it
// (`FindingSeverity`'s own description).
