/// `import AppCoverage` brings in the types its gaps use to say where (`FileLocation`, `JSONPointer`).
@_exported import FileLocations
