#if canImport(Observation)
  import Observation

  /// Native Observation: `NativeModel` (`@Observable`) and `withObservationTracking`.
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  enum NativeTracker: Engine {
    typealias Model = NativeModel
    typealias Wide = WideNativeModel

    @inline(__always)
    static func track<T>(_ apply: () -> T, onChange: @escaping @Sendable () -> Void) -> T {
      withObservationTracking(apply, onChange: onChange)
    }
  }
#endif
