import Dispatch
import Perception

#if canImport(Observation)
  @_spi(SwiftUI) import Observation
#endif

/// The asynchronous cases. The main thread is the writer; the consumer is a task on the global
/// executor, so each side of a batch runs on its own thread, as an app's model and its observer
/// would. Setting a batch up (starting the task, its first element) is not timed, nor is the
/// first change after it (see `AsyncRun.startNanos`).
enum AsyncCases {
  /// `Perceptions` or `Observations` throughput: the main thread writes `value` in a loop while
  /// a task iterates a sequence of it, until the task has `n` elements after the initial one
  /// and the untimed warm-up element (see `AsyncRun.startNanos`).
  /// The sequence coalesces the writes made while its consumer is busy, so the figure is
  /// nanoseconds per element received, and the writes are counted (`throughputCounts`) to show
  /// how much each side coalesced. Elements must not go backwards.
  static func throughput(
    side: String, _ model: SendableBox<some BenchModel>,
    iterate: @escaping @Sendable (AsyncRun) async -> Void
  ) -> Batch {
    return { n in
      let run = AsyncRun(wanted: n)
      Task.detached { await iterate(run) }
      run.ready.wait()
      let target = model.value
      var value = target.value
      var writes = 0
      repeat {
        // Checking the stop flag takes a lock: once per 16 writes keeps it out of the figure.
        for _ in 0..<16 {
          value &+= 1
          target.value = value
        }
        writes &+= 16
      } while !run.isStopped
      run.delivered.wait()
      let elapsed = run.elapsedNanos
      if !run.inOrder {
        checkFailures.append("\(side) throughput: an element older than the one before")
      }
      var counts = throughputCounts[side] ?? (0, 0)
      counts.writes &+= writes
      counts.elements &+= run.received
      throughputCounts[side] = counts
      return elapsed
    }
  }

  /// Perception's side of the throughput case: a `Perceptions` sequence.
  static func perceptionsThroughput() -> Batch {
    let model = SendableBox(PerceptionModel())
    return throughput(side: "perception", model) { run in
      for await value in Perceptions({ model.value.value }) {
        if run.receive(value) { break }
      }
    }
  }

  /// One change delivered per write, with `withContinuousPerception(options: [.didSet])`: the
  /// main thread writes, then waits until `apply` has run with the new value, `n` times.
  /// `apply` runs on `ConsumerActor` and tells the writer from a task it starts there, which
  /// runs once the tracking has installed its next observer (see `ConsumerActor`).
  static func continuousPerceptionCycle() -> Batch {
    let model = SendableBox(PerceptionModel())
    return { n in
      let run = AsyncRun(wanted: n, signalsEachElement: true)
      let token = withContinuousPerception(options: [.didSet]) { @ConsumerActor _ in
        let value = model.value.value
        Task { @ConsumerActor in _ = run.receive(value) }
      }
      let elapsed = cycle(n, model, run)
      token.cancel()
      check(run, n, "continuous perception")
      return elapsed
    }
  }

  /// How many parts `fastestPart(of:)` splits a batch into.
  static let parts = 4

  /// The batch `batch` split into `parts` parts of `n / parts` operations, each set up and
  /// timed on its own: returns the fastest part's time, scaled to `n` operations.
  ///
  /// The asynchronous rows, on both sides. Each cross-thread operation waits for a thread to wake
  /// (the consumer after a write; in the cycle, the writer after a delivery too), so a part's
  /// figure is the engine's work plus however soon the scheduler runs that thread. On a machine
  /// whose two cores are shared, it comes in two modes: a few microseconds per operation when
  /// the consumer has a core of its own, and two or three times that when it shares one with
  /// the writer or another process, for a part at a time. A median of whole batches then lands
  /// in either mode from run to run (interquartile ranges of 40 to 100% of the median, and
  /// ratios from -12% to +36% in runs minutes apart). Interference only ever adds time, so the
  /// fastest of four parts is the figure with the least of it, and its median over the run's
  /// batches stays in the first mode unless most parts are in the second: the engines' part
  /// of the cost, compared under the same conditions.
  static func fastestPart(of batch: @escaping Batch) -> Batch {
    return { n in
      let part = max(n / parts, 1)
      let fastest = (0..<parts).map { _ in batch(part) }.min()!
      return UInt64(Double(fastest) * Double(n) / Double(part))
    }
  }

  /// Writes until the consumer has seen `n` writes after an untimed warm-up write (see
  /// `AsyncRun.startNanos`), each time waiting until it has seen the last one; returns the
  /// nanoseconds from the warm-up write's delivery to the last delivery. A delivery
  /// that has not come after 5 s is taken for lost (an engine bug: a consumer starved that long
  /// is not plausible, even on a loaded machine) and the writer writes again, so a batch cannot
  /// hang; the batch's check then fails the run.
  static func cycle(_ n: Int, _ model: SendableBox<some BenchModel>, _ run: AsyncRun) -> UInt64 {
    run.ready.wait()
    let target = model.value
    var value = target.value
    while !run.isStopped {
      value &+= 1
      target.value = value
      if run.ready.wait(timeout: .now() + .seconds(5)) == .timedOut { run.retries += 1 }
    }
    return run.elapsedNanos
  }

  /// Records a failure unless the consumer saw `n` writes after the warm-up one, each value
  /// after the one before.
  static func check(_ run: AsyncRun, _ n: Int, _ what: String) {
    if run.received < n + 1 || run.retries > 0 || !run.inOrder {
      checkFailures.append(
        "\(what) cycle: \(run.received) deliveries for \(n + 1) writes, \(run.retries) lost")
    }
  }
}

#if canImport(Observation)
  @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
  extension AsyncCases {
    /// Native's side of the throughput case: an `Observations` sequence, where the toolchain
    /// has it (Swift 6.2 and later).
    static func observationsThroughput() -> Batch? {
      #if compiler(>=6.2)
        guard #available(macOS 26, iOS 26, tvOS 26, watchOS 26, *) else { return nil }
        let model = SendableBox(NativeModel())
        return throughput(side: "native", model) { run in
          for await value in Observations({ model.value.value }) {
            if run.receive(value) { break }
          }
        }
      #else
        return nil
      #endif
    }

    /// The nearest native equivalent of a continuous tracking on a toolchain without
    /// `withContinuousObservation`: a task that re-arms a tracking after each change. It uses
    /// the `didSet` variant (and cancels it once it fired), as `options: [.didSet]` does:
    /// `onChange` fires before the store, and the task, on another thread, could then read the
    /// old value and never see the write.
    static func rearmingObservationCycle() -> Batch {
      let model = SendableBox(NativeModel())
      return { n in
        let run = AsyncRun(wanted: n, signalsEachElement: true)
        Task { @ConsumerActor in
          while !run.isStopped {
            let signal = WakeSignal()
            let value = withObservationTracking(
              { model.value.value },
              didSet: { tracking in
                tracking.cancel()
                signal.signal()
              })
            Task { @ConsumerActor in _ = run.receive(value) }
            await signal.wait()
          }
        }
        let elapsed = cycle(n, model, run)
        // Untimed: wakes the loop, which sees the batch is over and ends.
        model.value.value &+= 1
        check(run, n, "re-arming observation")
        return elapsed
      }
    }
  }
#endif

/// Where the continuous cases' consumer runs. The writer must not write before the consumer's
/// tracking stands, or the write would go unseen, on both engines: a continuous tracking
/// installs its next observer when `apply` returns, so `apply` cannot tell the writer itself.
/// It starts a task on this actor that does, and that task runs only once the job running
/// `apply` has installed the observer and given the actor up. The native loop tells the writer
/// the same way, so both sides do the same work.
@globalActor
actor ConsumerActor {
  static let shared = ConsumerActor()
}
