/// Calls `apply` now and again after each change to what it read, on its own isolation, until
/// the returned token is cancelled or dropped: Observation's
/// `withContinuousObservation(options:apply:)` (SE-0506).
///
/// `apply` runs first with an `.initial` event, then after each event `options` names, at the
/// next suspension point of its isolation (by default the caller's): the changes of one
/// synchronous stretch give one call, with the last event. Cancelling the token, dropping it,
/// or `event.cancel()` in `apply` releases `apply` at once; it is not called again once the
/// cancelling call has returned on its isolation.
/// ```swift
/// let token = withContinuousPerception(options: [.didSet]) { _ in print(counter.count) }
/// ```
@available(iOS, deprecated: 27, renamed: "withContinuousObservation")
@available(macOS, deprecated: 27, renamed: "withContinuousObservation")
@available(tvOS, deprecated: 27, renamed: "withContinuousObservation")
@available(watchOS, deprecated: 27, renamed: "withContinuousObservation")
public func withContinuousPerception(
  options: PerceptionTracking.Options,
  @_inheritActorContext apply:
    @escaping @isolated(any) @Sendable (
      borrowing PerceptionTracking.Event
    ) -> Void
) -> PerceptionTracking.Token {
  let tracking = ContinuousTracking(options: options, apply: apply)
  let isolation = apply.isolation
  Task { await ContinuousTracking.run(isolation: isolation, tracking) }
  return PerceptionTracking.Token(tracking: tracking)
}

extension PerceptionTracking {
  /// Keeps a `withContinuousPerception(options:apply:)` tracking going until cancelled or
  /// dropped: Observation's `ObservationTracking.Token` (SE-0506).
  @available(iOS, deprecated: 27, renamed: "ObservationTracking.Token")
  @available(macOS, deprecated: 27, renamed: "ObservationTracking.Token")
  @available(tvOS, deprecated: 27, renamed: "ObservationTracking.Token")
  @available(watchOS, deprecated: 27, renamed: "ObservationTracking.Token")
  public struct Token: ~Copyable {
    let tracking: ContinuousTracking

    /// Ends the tracking: its closure is released, and not called again once this returns on
    /// the closure's isolation.
    public consuming func cancel() {
      tracking.cancel()
    }

    deinit {
      tracking.cancel()
    }
  }
}
