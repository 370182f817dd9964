/// `import LinkCoverage` brings in the types its reports use to say where (`FileLocation`, `JSONPointer`).
@_exported import FileLocations
