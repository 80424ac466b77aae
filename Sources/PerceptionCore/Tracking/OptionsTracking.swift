/// Tracks access to properties, and reports the first change to one of them, and releases of
/// the objects read, as the events `options` names.
///
/// The counterpart of Observation's `withObservationTracking(options:_:onChange:)` (SE-0506):
///
/// - With `[.willSet]`, `onChange` runs once, before the first change, as
///   `withPerceptionTracking(_:onChange:)` does; with `[.didSet]`, once, after it.
/// - With `[.willSet, .didSet]`, a change gives two events, before and after it, and then
///   the tracking ends. `event.cancel()` in the willSet suppresses the didSet.
/// - With `.deinit`, `onChange` runs once for each tracked object released while the
///   tracking stands.
///
/// ```swift
/// withPerceptionTracking(options: [.willSet, .didSet]) {
///   _ = counter.count
/// } onChange: { event in
///   if event.kind == .willSet {
///     print("count will change")
///   } else if event.kind == .didSet {
///     print("count is now", counter.count)
///   }
/// }
/// ```
///
/// Unlike native Observation, each event is delivered once even when several threads mutate
/// at the same moment; a mutation made inside `onChange` does not deliver another event to
/// it; and `event.cancel()` ends the tracking at once, releasing `onChange` (see its
/// documentation for what it waits for).
///
/// If `apply` throws, nothing is observed and the error is rethrown.
///
/// - Parameters:
///   - options: The events to deliver.
///   - apply: A closure whose property reads are tracked.
///   - onChange: Called, on the thread that makes the change or releases the object, with
///     each event.
/// - Returns: The value `apply` returns.
@available(iOS, deprecated: 27, renamed: "withObservationTracking")
@available(macOS, deprecated: 27, renamed: "withObservationTracking")
@available(tvOS, deprecated: 27, renamed: "withObservationTracking")
@available(watchOS, deprecated: 27, renamed: "withObservationTracking")
@inlinable
public func withPerceptionTracking<Result: ~Copyable, Failure: Error>(
  options: PerceptionTracking.Options,
  _ apply: () throws(Failure) -> Result,
  onChange: @escaping @Sendable (borrowing PerceptionTracking.Event) -> Void
) throws(Failure) -> Result {
  var result: Result?
  var failure: Failure?
  if TrackingScope.runsOnObservationAlone(options) {
    TrackingScope.runOnObservation(
      options: options,
      {
        do throws(Failure) {
          result = try apply()
          return true
        } catch {
          failure = error
          return false
        }
      }, onChange: onChange)
  } else {
    TrackingScope.run(
      {
        do throws(Failure) {
          result = try apply()
        } catch {
          failure = error
        }
      }, request: .options(options),
      callbacks: { failure == nil ? .options(options, onChange) : nil })
  }
  if let failure { throw failure }
  return result.take()!
}

extension TrackingScope {
  /// Whether an options tracking takes `runOnObservation(options:_:onChange:)`: once the
  /// native engine is settled, unless it asks for `.deinit` (whose releases may need a
  /// Perception scope, see `NativeTrackingPlan`). Inlined, with the options usually a literal,
  /// so that such a call goes straight to Observation's tracking, and one on Perception's
  /// runtime pays a load and a compare. (An engine not settled yet takes `run`, which settles
  /// it, and which takes a native call to the same place.)
  @inlinable
  static func runsOnObservationAlone(_ options: PerceptionTracking.Options) -> Bool {
    #if canImport(Observation)
      return !options.contains(.deinit)
        && EngineWord.current.isNative
    #else
      return false
    #endif
  }

  /// Runs `apply`, which returns whether it completed (it did not throw), in Observation's
  /// tracking, and then, if it did, observes its reads with `onChange` for the events `options`
  /// names (see `NativeTracking.observe`). Only where `runsOnObservationAlone(options)`.
  @usableFromInline
  static func runOnObservation(
    options: PerceptionTracking.Options, _ apply: () -> Bool,
    onChange: @escaping @Sendable (borrowing PerceptionTracking.Event) -> Void
  ) {
    var completed = false
    #if canImport(Observation)
      if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
        NativeTracking.observe(
          { completed = NativeTracking.runMarked(apply) }, request: .options(options),
          callbacks: { completed ? .options(options, onChange) : nil })
        return
      }
    #endif
    // Not reached: the native engine runs only where Observation does.
    run(
      { completed = apply() }, request: .options(options),
      callbacks: { completed ? .options(options, onChange) : nil })
  }
}
