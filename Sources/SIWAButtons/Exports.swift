// The model (request, spec, layout, locales, schema) is part of this module's API:
// `import SIWAButtons` gives both stages.
@_exported import SIWAModel
