// Observation comes with `import Perception` wherever it can be imported, as it does with
// swift-perception: `@Observable`, `withObservationTracking` and `Observations` sit beside their
// Perception counterparts, and a model can move from one to the other by a rename.
#if canImport(Observation)
  @_exported import Observation
#endif
