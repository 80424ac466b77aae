// The change trace's hook on both engines: every tracking callback reaches the user through
// `Observer.receive(_:keyPath:)` (on the native engine too, from Observation's callbacks), so
// an observer made while tracing is on captures where it is installed (`captureTraceSite`), and
// calls `traceCallback` just before each callback it runs. In release builds all of it is
// compiled away; with tracing off, a callback pays one load and a branch.
extension Observer {
  /// Records where this observer, for `request`, is being installed, if tracing is on. Called by
  /// `make`, before the observer is published.
  func captureTraceSite(_ request: TrackingRequest) {
    guard DebugBuild.isActive,
      let site = TraceSite.capture(tracking: Self.trackingName(request))
    else { return }
    withUnsafeMutablePointerToHeader {
      $0.pointer(to: \.traceSite)!.pointee = Unmanaged.passRetained(site).toOpaque()
    }
  }

  /// Lets go of the trace site, when the observer is freed or becomes the spare.
  func releaseTraceSite() {
    guard DebugBuild.isActive else { return }
    withUnsafeMutablePointerToHeader { header in
      guard let site = header.pointer(to: \.traceSite)!.pointee else { return }
      header.pointer(to: \.traceSite)!.pointee = nil
      Unmanaged<TraceSite>.fromOpaque(site).release()
    }
  }

  /// The hook: a callback of this observer is about to run for `event` (a
  /// `EventBits` bit) of `keyPath`.
  @inline(__always)
  func traceCallback(_ event: UInt32, keyPath: AnyKeyPath?) {
    guard DebugBuild.isActive else { return }
    let site = withUnsafeMutablePointerToHeader { $0.pointer(to: \.traceSite)!.pointee }
    if _slowPath(site != nil) {
      ChangeTrace.record(
        Unmanaged<TraceSite>.fromOpaque(site!).takeUnretainedValue(), event: event,
        keyPath: keyPath)
    }
  }

  /// `traceCallback(_:keyPath:)` for an options tracking's event.
  @inline(__always)
  func traceCallback(_ kind: PerceptionTracking.Event.Kind, keyPath: AnyKeyPath?) {
    traceCallback(kind.traceEvent, keyPath: keyPath)
  }

  /// The tracking API an observer for `request` serves.
  static func trackingName(_ request: TrackingRequest) -> String {
    switch request {
    case .onChange: "withPerceptionTracking(_:onChange:)"
    case .events: "withPerceptionTracking(_:willSet:didSet:)"
    case .options: "withPerceptionTracking(options:_:onChange:)"
    }
  }
}

extension PerceptionTracking.Event.Kind {
  /// The `EventBits` bit the change trace records for an event of this kind: an
  /// options tracking delivers willSet, didSet and deinit events (`initial` is continuous
  /// tracking's, which no observer delivers).
  var traceEvent: UInt32 {
    UInt32(
      self == .didSet
        ? EventBits.didSet
        : self == .deinit ? EventBits.deinit : EventBits.willSet)
  }
}
