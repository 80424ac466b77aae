extension Perceptions {
  /// Iterates a `Perceptions` sequence. Each iterator has its own tracking, so several may
  /// iterate one sequence at once.
  public struct Iterator: AsyncIteratorProtocol {
    /// The closure, the sequence's wake-up signal and this iterator's place in it; nil once
    /// the sequence has ended, so that an ended iterator holds nothing the closure captured.
    private var source:
      (emit: PerceptionsEmit<Element, Failure>, signal: ChangeSignal, waiter: ChangeSignal.Waiter)?
    private var started = false
    private let traceOrigin: TraceOrigin?

    init(
      emit: PerceptionsEmit<Element, Failure>, signal: ChangeSignal, traceOrigin: TraceOrigin?
    ) {
      source = (emit, signal, ChangeSignal.Waiter())
      self.traceOrigin = traceOrigin
    }

    /// Returns the next element: the current value on the first call, and after that the
    /// value once something the closure read has changed. Returns nil when the sequence has
    /// ended: the closure returned `.finish`, threw (thrown here, once), or the task was
    /// cancelled.
    public mutating func next(
      isolation iterationIsolation: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      guard let (emit, signal, waiter) = source else { return nil }
      // The first element is computed at once, with no suspension when the closure's isolation
      // is the caller's, as `Observations` does.
      if started {
        await signal.wait(waiter)
      }
      started = true
      guard !Task.isCancelled else {
        source = nil
        return nil
      }
      // Hops to the closure's isolation, and back. Changes made on that isolation before it
      // gets there are all seen by this one call.
      let origin = traceOrigin
      switch await Self.track(
        isolation: emit.isolation, emit: emit, signal: signal, waiter: waiter, traceOrigin: origin)
      {
      case .success(.next(let element)):
        return element
      case .success(.finish):
        source = nil
        return nil
      case .failure(let error):
        source = nil
        throw error
      }
    }

    /// Returns the next element, as `next(isolation:)` does, on no actor.
    ///
    /// `AsyncIteratorProtocol`'s original requirement. The standard library's default for it
    /// exists only from macOS 15 and iOS 18, so without this one the conformance would not hold
    /// on the older systems this package supports, and neither would `for await` there, which
    /// calls `next()` where `next(isolation:)` is unavailable. swift-perception declares it too.
    ///
    /// Disfavored, so that `await iterator.next()` written on an actor resolves to
    /// `next(isolation:)` and stays there, as it does for `Observations`, whose iterator has no
    /// `next()` of its own. Chosen, this nonisolated one would leave the actor for the global
    /// executor and come back, giving the actor's other tasks a turn in between.
    @_disfavoredOverload
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }

    /// Runs the closure on its isolation, tracking what it reads until the first change.
    private static func track(
      isolation: isolated (any Actor)?,
      emit: PerceptionsEmit<Element, Failure>,
      signal: ChangeSignal,
      waiter: ChangeSignal.Waiter,
      traceOrigin: TraceOrigin?
    ) -> Result<Iteration, Failure> {
      TraceOrigin.withCurrent(traceOrigin) { track(emit: emit, signal: signal, waiter: waiter) }
    }

    private static func track(
      emit: PerceptionsEmit<Element, Failure>, signal: ChangeSignal, waiter: ChangeSignal.Waiter
    ) -> Result<Iteration, Failure> {
      withPerceptionTracking {
        do throws(Failure) {
          return .success(try emit.callOnItsIsolation())
        } catch {
          return .failure(error)
        }
      } onChange: {
        signal.changed(for: waiter)
      }
    }
  }
}
