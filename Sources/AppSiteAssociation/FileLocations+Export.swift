/// `import AppSiteAssociation` brings in the types its errors and diagnostics use to say where (`FileLocation`, `JSONPointer`).
@_exported import FileLocations
