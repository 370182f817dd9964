/// `import AppLinkConfiguration` brings in the types its entries, diagnostics and errors use to say where (`FileLocation`, `JSONPointer`).
@_exported import FileLocations
