// The change trace's hook on both engines: while tracing is on, an `Observer` captures where it
// was installed and records each callback it runs. Release builds compile it away.
extension Observer {
  func captureTraceSite(_ request: TrackingRequest) {
    guard DebugBuild.isActive,
      let site = TraceSite.capture(tracking: Self.trackingName(request))
    else { return }
    setField(\.traceSite, Unmanaged.passRetained(site).toOpaque())
  }

  func releaseTraceSite() {
    guard DebugBuild.isActive, let site = fieldValue(\.traceSite) else { return }
    setField(\.traceSite, nil)
    Unmanaged<TraceSite>.fromOpaque(site).release()
  }

  /// A callback of this observer is about to run for `event` (an `EventBits` bit) of `keyPath`.
  @inline(__always)
  func traceCallback(_ event: UInt32, keyPath: AnyKeyPath?) {
    guard DebugBuild.isActive else { return }
    if let site = fieldValue(\.traceSite) {
      ChangeTrace.record(
        Unmanaged<TraceSite>.fromOpaque(site).takeUnretainedValue(), event: event,
        keyPath: keyPath)
    }
  }

  @inline(__always)
  func traceCallback(_ kind: PerceptionTracking.Event.Kind, keyPath: AnyKeyPath?) {
    let event =
      kind == .didSet ? EventBits.didSet : kind == .deinit ? EventBits.deinit : EventBits.willSet
    traceCallback(event, keyPath: keyPath)
  }

  static func trackingName(_ request: TrackingRequest) -> String {
    switch request {
    case .onChange: "withPerceptionTracking(_:onChange:)"
    // What it stands for on the native engine.
    case .onStoredChange: "withPerceptionTracking(options:_:onChange:)"
    case .events: "withPerceptionTracking(_:willSet:didSet:)"
    case .options: "withPerceptionTracking(options:_:onChange:)"
    }
  }
}
