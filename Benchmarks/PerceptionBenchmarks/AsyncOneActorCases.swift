import Dispatch
import Perception

#if canImport(Observation)
  @_spi(SwiftUI) import Observation
#endif

/// The asynchronous cases on one actor: the writer and the consumer share `OneActor`, so every
/// element is handed over on one executor with no thread to wake, and the figure is the
/// engines' work and the executor jobs they schedule, not the scheduler's. Both sides do the
/// same scheduling: where an engine suspends or enqueues a job that the other does not, that is
/// the engine's cost (and an ordering difference), and it shows here.
///
/// - `perceptions-one-actor`: one task writes `value`, then awaits the next element of a
///   `Perceptions` (or `Observations`) of it, `n` times. The change is made before the wait, so
///   neither sequence needs to park: this is each element's tracking, signal and closure call.
/// - `perceptions-parked-one-actor`: as `perceptions-one-actor`, but the sequence is iterated by
///   a task of its own, which waits for each change: the write resumes it, and the writer waits
///   until it has the element. Two jobs per element on each side, as in `apply-cycle-one-actor`:
///   the path the cross-thread `perceptions-throughput` takes for each element, without the
///   thread wake-ups.
/// - `apply-cycle-one-actor`: one task writes `value`, then awaits the call of a continuous
///   tracking's `apply` (or of native's re-arming loop) that sees it, `n` times: two jobs per
///   change on each side, the tracking's task woken by the write, and the writer by the call.
enum OneActorCases {
  /// Runs `body` in a task on `OneActor` and waits for it; returns the nanoseconds it timed.
  /// A failure it recorded fails the run (`checkFailures` belongs to the main thread).
  static func run(_ body: @escaping @OneActor @Sendable (OneActorRun) async -> Void) -> UInt64 {
    let run = OneActorRun()
    Task { @OneActor in
      await body(run)
      run.done.signal()
    }
    run.done.wait()
    if let failure = run.failure { checkFailures.append(failure) }
    return run.elapsed
  }

  /// Writes, then awaits the element that write gives, `n` times after an untimed first time (as
  /// the cross-thread cases do: see `AsyncRun.startNanos`), timing from the first timed write to
  /// the last element. Every element must be the value just written.
  @OneActor
  static func elements(
    _ n: Int, _ model: SendableBox<some BenchModel>, _ run: OneActorRun, _ side: String,
    next: () async -> Int?
  ) async {
    guard var value = await next() else {
      run.failure = "\(side) on one actor: no initial element"
      return
    }
    var start: UInt64 = 0
    for index in 0...n {
      if index == 1 { start = monotonicNanos() }
      model.value.value = value &+ 1
      guard let element = await next(), element == value &+ 1 else {
        run.failure = "\(side) on one actor: an element that is not the value written"
        return
      }
      value = element
    }
    run.elapsed = monotonicNanos() &- start
  }

  /// Perception's side of `perceptions-one-actor`.
  static func perceptions() -> Batch {
    let model = SendableBox(PerceptionModel())
    return { n in
      run { run in
        var iterator = Perceptions({ model.value.value }).makeAsyncIterator()
        await elements(n, model, run, "Perceptions") { await iterator.next(isolation: #isolation) }
      }
    }
  }

  /// Perception's side of `perceptions-parked-one-actor`.
  static func perceptionsParked() -> Batch {
    let model = SendableBox(PerceptionModel())
    return { n in
      run { run in
        let delivered = WakeSignal()
        let stopped = OneActorFlag()
        let consumer = Task { @OneActor in
          for await value in Perceptions({ model.value.value }) {
            run.seen = value
            delivered.signal()
            if stopped.value { break }
          }
        }
        await cycle(n, model, run, "Perceptions, parked", delivered)
        // Wakes the consumer, which sees the batch is over and ends.
        stopped.value = true
        model.value.value &+= 1
        await consumer.value
      }
    }
  }

  /// Writes, then waits until the consumer's call has seen the write, `n` times after an untimed
  /// first time, timing from the first timed write to the last call. `delivered` is signalled by
  /// each call, the initial one included, and `run.seen` is the value it read.
  @OneActor
  static func cycle(
    _ n: Int, _ model: SendableBox<some BenchModel>, _ run: OneActorRun, _ side: String,
    _ delivered: WakeSignal
  ) async {
    await delivered.wait()
    var start: UInt64 = 0
    for index in 0...n {
      if index == 1 { start = monotonicNanos() }
      let value = model.value.value &+ 1
      model.value.value = value
      await delivered.wait()
      guard run.seen == value else {
        run.failure = "\(side) on one actor: a call that did not see the value written"
        return
      }
    }
    run.elapsed = monotonicNanos() &- start
  }

  /// Perception's side of `apply-cycle-one-actor`: `withContinuousPerception(options:
  /// [.didSet])` on the writer's actor.
  static func continuousPerception() -> Batch {
    let model = SendableBox(PerceptionModel())
    return { n in
      run { run in
        let delivered = WakeSignal()
        let token = withContinuousPerception(options: [.didSet]) { @OneActor _ in
          run.seen = model.value.value
          delivered.signal()
        }
        await cycle(n, model, run, "continuous perception", delivered)
        token.cancel()
      }
    }
  }
}

#if canImport(Observation)
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  extension OneActorCases {
    /// Native's side of `perceptions-one-actor`, where the toolchain has `Observations`.
    static func observations() -> Batch? {
      #if compiler(>=6.2)
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, *) else { return nil }
        let model = SendableBox(NativeModel())
        return { n in
          run { run in
            var iterator = Observations({ model.value.value }).makeAsyncIterator()
            await elements(n, model, run, "Observations") {
              await iterator.next(isolation: #isolation)
            }
          }
        }
      #else
        return nil
      #endif
    }

    /// Native's side of `perceptions-parked-one-actor`.
    static func observationsParked() -> Batch? {
      #if compiler(>=6.2)
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, *) else { return nil }
        let model = SendableBox(NativeModel())
        return { n in
          run { run in
            let delivered = WakeSignal()
            let stopped = OneActorFlag()
            let consumer = Task { @OneActor in
              for await value in Observations({ model.value.value }) {
                run.seen = value
                delivered.signal()
                if stopped.value { break }
              }
            }
            await cycle(n, model, run, "Observations, parked", delivered)
            // Wakes the consumer, which sees the batch is over and ends.
            stopped.value = true
            model.value.value &+= 1
            await consumer.value
          }
        }
      #else
        return nil
      #endif
    }

    /// Native's side of `apply-cycle-one-actor`: a task on the writer's actor that re-arms
    /// `withObservationTracking(_:didSet:)` after each change, as `continuous-cycle`'s does.
    static func rearmingObservation() -> Batch {
      let model = SendableBox(NativeModel())
      return { n in
        run { run in
          let delivered = WakeSignal()
          let stopped = OneActorFlag()
          Task { @OneActor in
            while !stopped.value {
              let signal = WakeSignal()
              run.seen = withObservationTracking(
                { model.value.value },
                didSet: { tracking in
                  tracking.cancel()
                  signal.signal()
                })
              delivered.signal()
              await signal.wait()
            }
          }
          await cycle(n, model, run, "re-arming observation", delivered)
          // Wakes the loop, which sees the batch is over and ends.
          stopped.value = true
          model.value.value &+= 1
        }
      }
    }
  }
#endif

/// The actor the one-actor cases' writer and consumer share.
@globalActor
actor OneActor {
  static let shared = OneActor()
}

/// What a one-actor batch hands back to the main thread. Its fields are written on `OneActor`
/// and read by the main thread only after `done`.
final class OneActorRun: @unchecked Sendable {
  let done = DispatchSemaphore(value: 0)
  var elapsed: UInt64 = 0
  var failure: String?
  /// The value the consumer's last call or element read (the cases that wait for it).
  var seen = Int.min
}

/// A consumer's stop flag, touched only on `OneActor`.
final class OneActorFlag: @unchecked Sendable {
  var value = false
}
