/// An asynchronous sequence of the values a closure computes from perceptible objects, one
/// each time the properties it read change.
///
/// The counterpart of Observation's `Observations` (SE-0475), with the same API and behaviour,
/// on every platform:
///
/// - The first element is the closure's value when iteration starts.
/// - Each later element is computed after a change to a property the closure read last time.
///   Changes made in one synchronous stretch, from the first `willSet` to the next suspension
///   point of the closure's isolation, give one element, computed after all of them.
/// - The closure runs on its own isolation (the actor it was written on, by default), wherever
///   the iterating task runs.
/// - Several iterators, in several tasks, may share one sequence. As with `Observations`, a
///   change wakes every iterator of the sequence that is waiting, and each computes its next
///   element; an iterator may so compute an element equal to its last.
/// - Cancelling the iterating task ends the sequence.
/// - An error thrown by the closure is thrown once by `next()`, and the sequence then ends.
///
/// ```swift
/// for await count in Perceptions({ counter.count }) {
///   print("count is", count)
/// }
/// ```
///
/// It is built on `withPerceptionTracking(_:onChange:)` alone, so it follows whatever tracking
/// that function does.
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
  /// Shared by the sequence's iterators, as `Observations` shares its state.
  let signal = ChangeSignal()
  /// Where the sequence was made, for the change trace; nil unless tracing was on then.
  let traceOrigin = TraceOrigin.capture(kind: "Perceptions")

  /// Creates a sequence of the values `emit` returns, computed again after each change to the
  /// perceptible properties it read.
  ///
  /// - Parameter emit: A closure that reads perceptible objects and returns an element. It
  ///   runs on its own isolation, which by default is the caller's.
  public init(
    @_inheritActorContext _ emit: @escaping @isolated(any) @Sendable () throws(Failure) -> Element
  ) {
    self.emit = .element(emit)
  }

  /// Creates a sequence whose closure decides when it ends: it goes on while `emit` returns
  /// `.next(element)`, and ends, without an element, when it returns `.finish`.
  ///
  /// - Parameter emit: A closure that reads perceptible objects and returns the next step. It
  ///   runs on its own isolation, which by default is the caller's.
  public static func untilFinished(
    @_inheritActorContext _ emit: @escaping @isolated(any) @Sendable () throws(Failure) -> Iteration
  ) -> Perceptions<Element, Failure> {
    Perceptions(emit: .iteration(emit))
  }

  private init(emit: Emit) {
    self.emit = emit
  }

  /// Creates an iterator with its own state: its first `next()` yields the current value.
  public func makeAsyncIterator() -> Iterator {
    Iterator(emit: emit, signal: signal, traceOrigin: traceOrigin)
  }

  // The closure and the iterator are declared in the type's own body, not in extensions: the
  // type is deprecated from iOS 26, and an extension of it would warn in every build for that
  // target.

  /// The closure of a `Perceptions` sequence, seen synchronously, and the isolation it runs on.
  ///
  /// The `@isolated(any)` closure is not kept as itself: a stored property of a function type
  /// that is `@isolated(any)`, or throws a generic error type, has metadata that only the iOS 18,
  /// macOS 15, tvOS 18 and watchOS 11 runtimes can make, and reflecting the sequence (`dump`, a
  /// debugger's `po`) would need it. A closure returning a `Result` has plain function metadata.
  struct Emit: Sendable {
    /// The isolation the closure runs on.
    let isolation: (any Actor)?
    /// Calls the closure synchronously. Only for code already running on `isolation`.
    let callOnItsIsolation: @Sendable () -> Result<Iteration, Failure>

    /// The closure of `Perceptions.init(_:)`: each value is the next element.
    static func element(
      _ closure: @escaping @isolated(any) @Sendable () throws(Failure) -> Element
    ) -> Self {
      let call = synchronousView(of: closure)
      return Self(isolation: closure.isolation) { () throws(Failure) in .next(try call()) }
    }

    /// The closure of `Perceptions.untilFinished(_:)`.
    static func iteration(
      _ closure: @escaping @isolated(any) @Sendable () throws(Failure) -> Iteration
    ) -> Self {
      Self(isolation: closure.isolation, synchronousView(of: closure))
    }

    /// Keeps `call`, already seen synchronously, as a closure returning its outcome.
    private init(
      isolation: (any Actor)?, _ call: @escaping @Sendable () throws(Failure) -> Iteration
    ) {
      self.isolation = isolation
      callOnItsIsolation = {
        do throws(Failure) {
          return .success(try call())
        } catch {
          return .failure(error)
        }
      }
    }
  }

  /// Iterates a `Perceptions` sequence. Each iterator has its own tracking, so several may
  /// iterate one sequence at once.
  public struct Iterator: AsyncIteratorProtocol {
    /// The closure, the sequence's wake-up signal and this iterator's place in it; nil once
    /// the sequence has ended, so that an ended iterator holds nothing the closure captured.
    private var source: (emit: Emit, signal: ChangeSignal, waiter: ChangeSignal.Waiter)?
    private var started = false
    private let traceOrigin: TraceOrigin?

    init(
      emit: Emit, signal: ChangeSignal, traceOrigin: TraceOrigin?
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
      emit: Emit,
      signal: ChangeSignal,
      waiter: ChangeSignal.Waiter,
      traceOrigin: TraceOrigin?
    ) -> Result<Iteration, Failure> {
      TraceOrigin.withCurrent(traceOrigin) { track(emit: emit, signal: signal, waiter: waiter) }
    }

    private static func track(
      emit: Emit, signal: ChangeSignal, waiter: ChangeSignal.Waiter
    ) -> Result<Iteration, Failure> {
      // `withPerceptionTracking(_:onChange:)`'s own call, which is deprecated from iOS 17.
      TrackingScope.run(emit.callOnItsIsolation, request: .onChange) {
        .onChange { signal.changed(for: waiter) }
      }
    }
  }
}
