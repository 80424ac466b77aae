/// The change trace, in debug builds: for each tracking callback about to run, what changed, on
/// which thread, and where the tracking was installed. `PERCEPTION_TRACE=1` writes one line per
/// callback to standard error; ``withTraceHandler(_:operation:)`` collects ``PerceptionTrace``
/// values. Only trackings installed while tracing is on are traced. See <doc:CheckingReads>.
public enum PerceptionTracing {
  /// Runs `operation` with `handler`, instead of standard error, receiving the trace of each
  /// tracking callback that its changes fire: tracing is on for trackings installed on any
  /// thread while the scope is open, and the handler gets the callbacks that `operation`'s
  /// synchronous work and its tasks fire, just before each runs; in release builds, none.
  public static func withTraceHandler<R>(
    _ handler: @escaping @Sendable (PerceptionTrace) -> Void,
    operation: () throws -> R
  ) rethrows -> R {
    guard DebugBuild.isActive else { return try operation() }
    TraceSwitch.countHandler(1)
    defer { TraceSwitch.countHandler(-1) }
    return try TraceSink.$current.withValue(TraceSink(handler), operation: operation)
  }

  /// Runs the asynchronous `operation` with `handler` receiving its trace; see the synchronous
  /// ``withTraceHandler(_:operation:)``.
  public static func withTraceHandler<R>(
    _ handler: @escaping @Sendable (PerceptionTrace) -> Void,
    isolation: isolated (any Actor)? = #isolation,
    operation: () async throws -> R
  ) async rethrows -> R {
    guard DebugBuild.isActive else { return try await operation() }
    TraceSwitch.countHandler(1)
    defer { TraceSwitch.countHandler(-1) }
    return try await TraceSink.$current.withValue(
      TraceSink(handler), operation: operation, isolation: isolation)
  }

  /// Whether tracing is on: `PERCEPTION_TRACE` is set, or a ``withTraceHandler(_:operation:)``
  /// scope is open. Always false in release builds.
  public static var isEnabled: Bool { TraceSwitch.isEnabled }
}

final class TraceSink: Sendable {
  /// Nil means standard error, when `PERCEPTION_TRACE` is set.
  @TaskLocal static var current: TraceSink?

  let handler: @Sendable (PerceptionTrace) -> Void

  init(_ handler: @escaping @Sendable (PerceptionTrace) -> Void) {
    self.handler = handler
  }
}

enum ChangeTrace {
  /// Called by `Observer.traceCallback` before a callback of a tracking installed while tracing
  /// was on. `event` is an `EventBits` bit; `keyPath` is nil for a release, or when unknown.
  @inline(never)
  static func record(_ site: TraceSite, event: UInt32, keyPath: AnyKeyPath?) {
    let sink = TraceSink.current
    guard sink != nil || TraceSwitch.isOnFromEnvironment else { return }
    let kind: PerceptionTrace.Event =
      event == EventBits.didSet
      ? .didSet : event == EventBits.deinit ? .deinit : .willSet
    // The names are looked up outside the callback's checked context, and are not reads.
    let trace = _PerceptionLocals.$skipPerceptionChecking.withValue(true) {
      PerceptionTrace(
        site: site, event: kind, keyPath: keyPath, isMainThread: CurrentThread.isMain,
        threadID: CurrentThread.identifier)
    }
    if let sink {
      _PerceptionLocals.$skipPerceptionChecking.withValue(true) { sink.handler(trace) }
    } else {
      // One write of the whole line, so that lines from two threads do not interleave.
      Platform.writeToStandardError("\(trace)\n")
    }
  }
}
