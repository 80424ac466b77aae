/// Tracks access to properties, and reports the first change to one of them, and releases of
/// the objects read, as the events `options` names: the counterpart of Observation's
/// `withObservationTracking(options:_:onChange:)` (SE-0506).
///
/// - With `[.willSet]`, `onChange` runs once, before the first change, as
///   `withPerceptionTracking(_:onChange:)` does; with `[.didSet]`, once, after it.
/// - With `[.willSet, .didSet]`, a change gives two events, before and after it, and then the
///   tracking ends. `event.cancel()` in the willSet suppresses the didSet.
/// - With `.deinit`, once for each tracked object released while the tracking stands.
///
/// Unlike native Observation, each event is delivered once however many threads mutate, a
/// mutation inside `onChange` delivers no event to it, and `event.cancel()` ends the tracking at
/// once. If `apply` throws, nothing is observed and the error is rethrown.
///
/// - Parameters:
///   - options: The events to deliver.
///   - apply: A closure whose property reads are tracked.
///   - onChange: Called with each event, on the thread that makes the change or the release.
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
  TrackingScope.run(
    {
      do throws(Failure) {
        result = try apply()
      } catch {
        failure = error
      }
    }, request: .options(options),
    callbacks: { failure == nil ? .options(options, onChange) : nil })
  if let failure { throw failure }
  return result.take()!
}
