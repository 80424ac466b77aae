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
