#if canImport(Observation)
  import Observation

  /// The native side: a real `@Observable` class. `PerceptionModels.swift` holds the same class
  /// made `@Perceptible`, so both engines run exactly the same work.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  @Observable
  final class NativeModel: BenchModel {
    var value = 0
    var other = 0
    var a = 0
    var b = 0
    var c = 0

    init() {}
  }
#endif
