extension PerceptionTracking {
  /// What an options or continuous tracking reports: the kind of event, which property it
  /// concerns, and a way to stop the tracking. The counterpart of Observation's
  /// `ObservationTracking.Event` (SE-0506), lent to the callback, and not copyable out of it.
  @available(iOS, deprecated: 27, renamed: "ObservationTracking.Event")
  @available(macOS, deprecated: 27, renamed: "ObservationTracking.Event")
  @available(tvOS, deprecated: 27, renamed: "ObservationTracking.Event")
  @available(watchOS, deprecated: 27, renamed: "ObservationTracking.Event")
  public struct Event: ~Copyable {
    /// The kind of an event.
    public struct Kind: Equatable, Sendable {
      private enum Value: Equatable, Sendable {
        case initial, willSet, didSet, `deinit`
      }
      private let value: Value
      private init(_ value: Value) {
        self.value = value
      }

      /// The first call of a continuous tracking's closure, before any change.
      public static var initial: Kind { Kind(.initial) }

      /// A tracked property is about to change; its new value is not stored yet.
      public static var willSet: Kind { Kind(.willSet) }

      /// A tracked property changed.
      public static var didSet: Kind { Kind(.didSet) }

      /// A tracked object was released. Weak references to it are already nil.
      public static var `deinit`: Kind { Kind(.deinit) }
    }

    /// The kind of this event.
    public let kind: Kind

    /// Unretained, as `tracking` is: a noncopyable event is only lent to a callback, so it
    /// cannot outlive the call that made it, whose caller keeps both alive. `Unmanaged`, whose
    /// `takeUnretainedValue()` is documented for a reference "known to be alive"; a strong
    /// reference here crashes Swift 6.3.1's compiler in release builds (signal 6).
    private let changedKeyPath: Unmanaged<AnyKeyPath>?
    private let tracking: EventSource

    init(kind: Kind, changed: borrowing AnyKeyPath?, tracking: EventSource) {
      self.kind = kind
      self.changedKeyPath = (copy changed).map { Unmanaged.passUnretained($0) }
      self.tracking = tracking
    }

    var changed: AnyKeyPath? { changedKeyPath?.takeUnretainedValue() }

    /// Whether the event concerns the property `keyPath` names; never for `.initial`, `.deinit`.
    public func matches(_ keyPath: PartialKeyPath<some _Perceptible>) -> Bool {
      guard let changed else { return false }
      return PropertyKey.of(changed) == PropertyKey.of(keyPath)
    }

    /// Stops the tracking: no further event is delivered (a willSet's didSet included), and its
    /// callback and what it captures are released. Safe from any thread, more than once.
    ///
    /// Inside a Perception callback on this thread, the usual case, it does not wait: a call
    /// already running elsewhere finishes, and the callback is released after it. Outside every
    /// callback, an options tracking's cancel waits for such calls, as
    /// `PerceptionTracking.cancel()` does: never call it then from a thread the callback waits
    /// for (`DispatchQueue.sync`, say), nor holding a lock it may take. A continuous tracking's
    /// never waits.
    public func cancel() {
      switch tracking {
      case .observer(let observer): observer._withUnsafeGuaranteedRef { $0.cancel() }
      case .composed(let tracking): tracking._withUnsafeGuaranteedRef { $0.cancel() }
      }
    }
  }
}

/// The tracking an event came from, unretained.
enum EventSource {
  case observer(Unmanaged<Observer>)
  case composed(Unmanaged<ComposedTracking>)
}

/// A tracking built on `withPerceptionTracking` that its events stop without naming its type
/// (`ContinuousTracking`). A class, not a protocol, so that `EventSource` holds it in one word.
class ComposedTracking {
  func cancel() {
    perceptionFatalError("\(type(of: self)) does not override cancel()")
  }
}
