// Observation comes with `import Perception` wherever it can be imported, as with
// swift-perception, so that a model moves between the two by a rename.
#if canImport(Observation)
  @_exported import Observation
#endif
