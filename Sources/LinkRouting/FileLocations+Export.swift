/// `import LinkRouting` brings in the types its errors use to say where (`FileLocation`, `JSONPointer`).
@_exported import FileLocations
