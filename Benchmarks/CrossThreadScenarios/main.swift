// cross-thread-scenarios: issue 53's table, the scenarios of `CrossThreadWriteTests` run as a
// user would, in a release build, on the engine PERCEPTION_ENGINE names (Perception's models),
// and with `--observable` on Observation's own API over `@Observable` (6.3.1's figure, the
// oracle's, not a goal), or with `--through-perception` on Perception's API over `@Observable`.
//   swift run --package-path Benchmarks -c release cross-thread-scenarios [--observable]
// Figures, not guards: each counts rounds of a race, which the machine's load moves.
// Linux only, as the figures: on Apple's systems the oracle's `Observations` needs the 26
// releases, where `Perceptions` is deprecated.
#if os(Linux)
  import Foundation
  import Observation
  import Perception

  @Perceptible final class PModel: @unchecked Sendable { var count = 0 }
  @Observable final class OModel: @unchecked Sendable { var count = 0 }

  final class Box: @unchecked Sendable {
    let lock = NSLock()
    var values: [Int] = []
    func append(_ v: Int) { lock.withLock { values.append(v) } }
    var all: [Int] { lock.withLock { values } }
  }

  func onThread(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      body()
      done.signal()
    }
    done.wait()
  }

  /// Which models and which API a run measures.
  enum Side {
    /// Perception's API over `@Perceptible` models.
    case perception
    /// Perception's API over `@Observable` models.
    case perceptionOnObservable
    /// Observation's own API over `@Observable` models: the oracle.
    case observation
  }

  /// One model's tracked property, as closures, so that each scenario is written once.
  struct Model: Sendable {
    let read: @Sendable () -> Int
    let write: @Sendable (Int) -> Void

    static func make(for side: Side) -> Model {
      if side == .perception {
        let model = PModel()
        return Model(read: { model.count }, write: { model.count = $0 })
      }
      let model = OModel()
      return Model(read: { model.count }, write: { model.count = $0 })
    }
  }

  /// The side's one-shot tracking of what `apply` reads.
  func track(_ apply: () -> Int, onChange: @escaping @Sendable () -> Void) -> Int {
    side == .observation
      ? withObservationTracking(apply, onChange: onChange)
      : withPerceptionTracking(apply, onChange: onChange)
  }

  /// The side's sequence of `model`'s values, iterated on a detached task into `seen` until it
  /// reaches `last`.
  func iterate(_ model: Model, into seen: Box, until last: Int) -> Task<Void, Never> {
    let side = side
    return Task.detached {
      func receive(_ value: Int) -> Bool {
        seen.append(value)
        return value == last
      }
      if side == .observation {
        for await value in Observations({ model.read() }) where receive(value) { return }
      } else {
        for await value in Perceptions({ model.read() }) where receive(value) { return }
      }
    }
  }

  // 1. The setup gap: another thread writes inside apply, after the read.
  func setupGap() -> String {
    let fired = Box()
    let model = Model.make(for: side)
    _ = track {
      let value = model.read()
      onThread { model.write(1) }
      return value
    } onChange: {
      fired.append(1)
    }
    return fired.all.isEmpty ? "never fires" : "fires"
  }

  // 2 and 3: a sequence on a detached task, writes from another thread.
  func sequenceRound(writes: [Int], pauseFirst: Bool) async -> [Int] {
    let seen = Box()
    let last = writes.last!
    let model = Model.make(for: side)
    let task = iterate(model, into: seen, until: last)
    while seen.all.isEmpty { await Task.yield() }
    if pauseFirst { try? await Task.sleep(for: .milliseconds(200)) }
    let writer = Thread {
      for value in writes {
        model.write(value)
        usleep(3)
      }
    }
    writer.start()
    let deadline = ContinuousClock.now + .seconds(1)
    while seen.all.last != last && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    task.cancel()
    await task.value
    return seen.all
  }

  // 4. A tracking re-armed from its onChange on a serial queue, 20 writes from another thread.
  final class Loop: @unchecked Sendable {
    let queue = DispatchQueue(label: "loop")
    let lock = NSLock()
    var scheduled = 0
    var last = -1
    var stopped = false
    let track: (@escaping @Sendable () -> Void) -> Int
    init(_ track: @escaping (@escaping @Sendable () -> Void) -> Int) { self.track = track }
    func arm() { queue.sync { run() } }
    func run() {
      guard !stopped else { return }
      last = track { [weak self] in
        guard let self else { return }
        self.lock.withLock { self.scheduled += 1 }
        self.queue.async {
          self.run()
          self.lock.withLock { self.scheduled -= 1 }
        }
      }
    }
    func drain() { while lock.withLock({ scheduled }) != 0 { queue.sync {} } }
  }
  func reArmed() -> Bool {
    let model = Model.make(for: side)
    let loop = Loop { onChange in track(model.read, onChange: onChange) }
    loop.arm()
    onThread { for value in 1...20 { model.write(value) } }
    loop.drain()
    let last = loop.queue.sync { loop.last }
    loop.queue.sync { loop.stopped = true }
    return last == 20
  }

  let side: Side =
    CommandLine.arguments.contains("--through-perception")
    ? .perceptionOnObservable
    : CommandLine.arguments.contains("--observable") ? .observation : .perception

  func run() async {
    let name =
      switch side {
      case .perception: "Perception (\(PerceptionEngine.current))"
      case .perceptionOnObservable: "Perception (\(PerceptionEngine.current)) on @Observable"
      case .observation: "Observation on @Observable"
      }
    print("\(name): setup gap: \(setupGap())")
    var lost = 0
    for round in 0..<200 {
      let k = round % 8 + 1
      let seen = await sequenceRound(writes: Array(1...k), pauseFirst: false)
      if seen.last != k { lost += 1 }
    }
    print("\(name): sequence, k = 1...8: \(lost) of 200 rounds never emit the last write")
    var stale = 0
    var neverLast = 0
    for _ in 0..<30 {
      let seen = await sequenceRound(writes: [3], pauseFirst: true)
      if seen.count >= 2 && seen[1] == 0 { stale += 1 }
      if seen.last != 3 { neverLast += 1 }
    }
    print(
      "\(name): one write after 0.2 s: \(stale) of 30 emit [0, 0], \(neverLast) of 30 never the 3")
    var reLost = 0
    for _ in 0..<200 where !reArmed() { reLost += 1 }
    print("\(name): re-armed tracking, 20 writes: \(reLost) of 200 rounds never see the last write")
  }

  await run()
#else
  print("cross-thread-scenarios runs on Linux")
#endif
