import Perception

#if canImport(Observation)
  @_spi(SwiftUI) import Observation
#endif

/// The willSet + didSet cycle: a tracking reads one property and asks for both events, then a
/// write delivers them. Each side counts both callbacks (`fireCount`), so a side that skipped
/// one is caught.
enum OptionsCases {
  /// Perception: `withPerceptionTracking(options: [.willSet, .didSet])`, which ends by itself
  /// after the didSet.
  static func perceptionCycle() -> Batch {
    let model = PerceptionModel()
    return { n in
      let model = opaque(model)
      let base = model.value &+ 1
      let start = fireCount
      var total = 0
      let elapsed = timed {
        for i in 0..<n {
          total &+= withPerceptionTracking(options: [.willSet, .didSet]) {
            model.value
          } onChange: { _ in
            fireCount &+= 1
          }
          model.value = base &+ i
        }
      }
      blackHole(total)
      expectFires(2 * n, since: start, "willSet + didSet cycle")
      return elapsed
    }
  }
}

#if canImport(Observation)
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  extension OptionsCases {
    /// Native: the SPI `withObservationTracking(_:willSet:didSet:)`, whose tracking stands until
    /// cancelled, so the didSet cancels it, to do what Perception's options tracking does.
    static func nativeCycle() -> Batch {
      let model = NativeModel()
      return { n in
        let model = opaque(model)
        let base = model.value &+ 1
        let start = fireCount
        var total = 0
        let elapsed = timed {
          for i in 0..<n {
            total &+= withObservationTracking {
              model.value
            } willSet: { _ in
              fireCount &+= 1
            } didSet: { tracking in
              fireCount &+= 1
              tracking.cancel()
            }
            model.value = base &+ i
          }
        }
        blackHole(total)
        expectFires(2 * n, since: start, "willSet + didSet cycle")
        return elapsed
      }
    }
  }
#endif
