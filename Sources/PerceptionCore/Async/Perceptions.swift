/// An asynchronous sequence of the values a closure computes from perceptible objects, one
/// each time the properties it read change: Observation's `Observations` (SE-0475), with its
/// API and behaviour, on every platform.
///
/// The first element is the closure's value when iteration starts; each later one is computed
/// after the changes of one synchronous stretch to what the closure read last time. The closure
/// runs on its own isolation (by default the caller's). A change wakes every waiting iterator
/// of the sequence, so an element may equal the last. Cancelling the task ends the sequence; an
/// error the closure throws is thrown once by `next()`, and ends it.
/// ```swift
/// for await count in Perceptions({ counter.count }) { print("count is", count) }
/// ```
@available(iOS, deprecated: 26, renamed: "Observations")
@available(macOS, deprecated: 26, renamed: "Observations")
@available(tvOS, deprecated: 26, renamed: "Observations")
@available(watchOS, deprecated: 26, renamed: "Observations")
public struct Perceptions<Element: Sendable, Failure: Error>: AsyncSequence, Sendable {
  /// What an `untilFinished` closure returns: an element, or the end of the sequence.
  public enum Iteration: Sendable {
    /// The next element of the sequence.
    case next(Element)
    /// The sequence ends; `next()` returns nil.
    case finish
  }

  let emit: Emit
  let signal = ChangeSignal()
  let traceOrigin = TraceOrigin.capture(kind: "Perceptions")

  /// Creates a sequence of the values `emit` returns, computed again after each change to the
  /// perceptible properties it read, on its own isolation.
  public init(
    @_inheritActorContext _ emit: @escaping @isolated(any) @Sendable () throws(Failure) -> Element
  ) {
    let call = synchronousView(of: emit)
    self.emit = Emit(isolation: emit.isolation) { () throws(Failure) in .next(try call()) }
  }

  /// Creates a sequence that goes on while `emit` returns `.next(element)` and ends, without
  /// an element, when it returns `.finish`.
  public static func untilFinished(
    @_inheritActorContext _ emit: @escaping @isolated(any) @Sendable () throws(Failure) -> Iteration
  ) -> Perceptions<Element, Failure> {
    Perceptions(emit: Emit(isolation: emit.isolation, synchronousView(of: emit)))
  }

  private init(emit: Emit) {
    self.emit = emit
  }

  /// Creates an iterator with its own tracking: its first `next()` yields the current value.
  public func makeAsyncIterator() -> Iterator {
    Iterator(emit: emit, signal: signal, traceOrigin: traceOrigin)
  }

  // Nested here, not in extensions: an extension of a type deprecated from iOS 26 warns in
  // every build for that target.

  /// The closure, seen synchronously, and its isolation: reflecting the sequence (`dump`, `po`)
  /// would need the metadata of the closure's own type, which only the iOS 18 runtimes make.
  struct Emit: Sendable {
    let isolation: (any Actor)?
    /// Only for code already running on `isolation`.
    let callOnItsIsolation: @Sendable () -> Result<Iteration, Failure>

    init(isolation: (any Actor)?, _ call: @escaping @Sendable () throws(Failure) -> Iteration) {
      self.isolation = isolation
      callOnItsIsolation = { Result(catching: call) }
    }
  }

  /// Iterates a `Perceptions` sequence, with a tracking of its own.
  public struct Iterator: AsyncIteratorProtocol {
    /// Nil once the sequence has ended, so that nothing the closure captured stays alive.
    private var source: (emit: Emit, signal: ChangeSignal, waiter: ChangeSignal.Waiter)?
    private var started = false
    private let traceOrigin: TraceOrigin?

    init(emit: Emit, signal: ChangeSignal, traceOrigin: TraceOrigin?) {
      source = (emit, signal, ChangeSignal.Waiter())
      self.traceOrigin = traceOrigin
    }

    /// Returns the current value on the first call, then the value once something the closure
    /// read has changed; nil once the sequence has ended.
    public mutating func next(
      isolation iterationIsolation: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Element? {
      guard let (emit, signal, waiter) = source else { return nil }
      if started { await signal.wait(waiter) }
      started = true
      guard !Task.isCancelled else {
        source = nil
        return nil
      }
      let result = await Self.track(
        isolation: emit.isolation, emit: emit, signal: signal, waiter: waiter,
        traceOrigin: traceOrigin)
      if case .success(.next(let element)) = result { return element }
      source = nil
      if case .failure(let error) = result { throw error }
      return nil
    }

    /// Returns the next element, as `next(isolation:)` does, on no actor.
    /// (`AsyncIteratorProtocol`'s default needs iOS 18 and macOS 15.) Disfavored, so that
    /// `await iterator.next()` on an actor stays on it, as with `Observations`.
    @_disfavoredOverload
    public mutating func next() async throws(Failure) -> Element? {
      try await next(isolation: nil)
    }

    private static func track(
      isolation: isolated (any Actor)?, emit: Emit, signal: ChangeSignal,
      waiter: ChangeSignal.Waiter, traceOrigin: TraceOrigin?
    ) -> Result<Iteration, Failure> {
      TraceOrigin.withCurrent(traceOrigin) {
        // Woken by a change's didSet, the next element is computed after the change is
        // stored; by a release too, where the engine reports it.
        TrackingScope.run(emit.callOnItsIsolation, request: .onStoredChange) {
          .onStoredChange { signal.changed(for: waiter) }
        }
      }
    }
  }
}
