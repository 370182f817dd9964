/// `import AndroidAppLinks` brings in the types its diagnostics and reports use to say where (`FileLocation`,
/// `JSONPointer`) and the report protocol they conform to.
@_exported import FileLocations
