/// `import LinkDeployment` brings in the types its findings use to say where (`FileLocation`, `JSONPointer`).
@_exported import FileLocations
