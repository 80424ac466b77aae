import Foundation
import Observation
import PerceptionCore
import Testing

/// A global actor other than the main actor. Its jobs run on a thread of its own, so that
/// code can tell, without trapping, whether it runs on it.
@globalActor actor TestActor {
  static let shared = TestActor()
  private static let executor = DedicatedThreadExecutor()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    Self.executor.asUnownedSerialExecutor()
  }

  /// Whether the caller runs on this actor's thread.
  static var isCurrent: Bool { executor.isCurrentThread }

  /// Runs `body` on this actor: one synchronous stretch.
  static func run<T: Sendable>(_ body: @TestActor () -> T) async -> T {
    await body()
  }
}

/// Where `Perceptions` runs its closure and what it sees there, with threads and with actors
/// other than the iterating one. Each scenario runs against `Observations` too.
@Suite("Perceptions across actors and threads", .timeLimit(.minutes(1)))
struct PerceptionsIsolationTests {
  /// One element: whether the closure ran on `TestActor`, and the value it read.
  struct Sample: Sendable, Equatable {
    var onTestActor: Bool
    var count: Int
  }

  @Test func aMainActorClosureRunsOnTheMainActorWhenIteratedFromAnotherActor() async {
    @TestActor func run<Model: TestSubject, S: AsyncSequence<Sample, Never>>(
      _ model: Model, _ values: S
    ) async -> [Sample?] {
      var iterator = values.makeAsyncIterator()
      let first = await iterator.next(isolation: #isolation)
      await MainActor.run {
        model.count = 1
        model.count = 2
      }
      let second = await iterator.next(isolation: #isolation)
      #expect(TestActor.isCurrent, "the iterating code stays on its own actor")
      return [first, second]
    }
    let nativeModel = NativeModel()
    let native = await run(nativeModel, await MainActor.run { Self.samples(nativeModel) })
    let perceptionModel = PerceptionModel()
    let perception = await run(
      perceptionModel, await MainActor.run { Self.samples(perceptionModel) })
    #expect(native == [Sample(onTestActor: false, count: 0), Sample(onTestActor: false, count: 2)])
    #expect(perception == native)
  }

  @Test @MainActor func anotherActorsClosureSeesThatActorsStretchesWhole() async {
    @MainActor func run<Model: TestSubject, S: AsyncSequence<Sample, Never>>(
      _ model: Model, _ values: S
    ) async -> [Sample?] {
      var iterator = values.makeAsyncIterator()
      var elements = [await iterator.next(isolation: #isolation)]
      for stretch in 1...3 {
        await TestActor.run {
          for step in 1...10 { model.count = stretch * 100 + step }
        }
        elements.append(await iterator.next(isolation: #isolation))
        #expect(!TestActor.isCurrent, "the iterating code stays on the main actor")
      }
      return elements
    }
    let nativeModel = NativeModel()
    let native = await run(nativeModel, await Self.samplesOnTestActor(nativeModel))
    let perceptionModel = PerceptionModel()
    let perception = await run(perceptionModel, await Self.samplesOnTestActor(perceptionModel))
    #expect(native == [0, 110, 210, 310].map { Sample(onTestActor: true, count: $0) })
    #expect(perception == native)
  }

  @Test func manyTasksOnManyThreadsSeeEveryValueUpToTheLast() async {
    // The closure and the writes run on one actor, so each write is a stretch of its own;
    // the iterating tasks run anywhere on the pool. Each sees increasing values that end
    // with the last, whatever the interleaving.
    let last = 200
    func run<Model: TestSubject>(
      _ model: Model, _ iterate: @escaping @Sendable (_ ready: @Sendable () -> Void) async -> [Int]
    ) async -> [[Int]] {
      let iterators = 4
      let (ready, readiness) = AsyncStream<Void>.makeStream()
      return await withTaskGroup(of: [Int].self) { group in
        for _ in 0..<iterators {
          group.addTask { await iterate { readiness.yield() } }
        }
        var readyIterators = ready.makeAsyncIterator()
        for _ in 0..<iterators { await readyIterators.next(isolation: nil) }
        for value in 1...last {
          await TestActor.run { model.count = value }
        }
        var all: [[Int]] = []
        for await elements in group { all.append(elements) }
        return all
      }
    }
    // Native's iterators of one sequence share one "changed" flag, so an iterator that is
    // not waiting when the last write comes can miss it and wait for ever: each native task
    // gets a sequence of its own. Ours share one.
    let nativeModel = NativeModel()
    let native = await run(nativeModel) { ready in
      await Self.collect(await Self.samplesOnTestActor(nativeModel), until: last, ready: ready)
    }
    let perceptionModel = PerceptionModel()
    let shared = await Self.samplesOnTestActor(perceptionModel)
    let perception = await run(perceptionModel) { ready in
      await Self.collect(shared, until: last, ready: ready)
    }
    for elements in native + perception {
      #expect(elements.first == 0)
      #expect(elements.last == 200)
      #expect(zip(elements, elements.dropFirst()).allSatisfy { $0 <= $1 })
    }
    #expect(native.count == 4)
    #expect(perception.count == 4)
  }

  @Test func writesFromAnotherThreadWakeTheIterator() async {
    // A plain thread, no actor: the write's stretch is the thread's whole synchronous work,
    // which ends before the iterator asks for the next element.
    @MainActor func run<Model: TestSubject, S: AsyncSequence<Sample, Never>>(
      _ model: Model, _ values: S
    ) async -> [Sample?] {
      var iterator = values.makeAsyncIterator()
      let first = await iterator.next(isolation: #isolation)
      // Blocking the main actor is safe here: the write's willSet needs no actor. A
      // semaphore, unlike resuming a continuation from a foreign thread, is a
      // synchronization ThreadSanitizer sees.
      let written = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        model.count = 3
        written.signal()
      }
      written.wait()
      let second = await iterator.next(isolation: #isolation)
      return [first, second]
    }
    let nativeModel = NativeModel()
    let native = await run(nativeModel, Self.samples(nativeModel))
    let perceptionModel = PerceptionModel()
    let perception = await run(perceptionModel, Self.samples(perceptionModel))
    #expect(native == [0, 3].map { Sample(onTestActor: false, count: $0) })
    #expect(perception == native)
  }

  /// Iterates `values` off any actor until an element's count is `last`, calling `ready`
  /// after the first.
  static func collect(
    _ values: some AsyncSequence<Sample, Never>, until last: Int, ready: () -> Void
  ) async -> [Int] {
    var elements: [Int] = []
    var iterator = values.makeAsyncIterator()
    while let value = await iterator.next(isolation: nil)?.count {
      if elements.isEmpty { ready() }
      elements.append(value)
      if value == last { break }
    }
    return elements
  }

  // The closures below inherit their function's actor. (Annotating a closure instead, as in
  // `Observations { @MainActor in ... }`, crashes the 6.3.1 compiler, for Observations and
  // Perceptions alike.)

  @MainActor static func samples(_ model: NativeModel) -> Observations<Sample, Never> {
    Observations { Sample(onTestActor: TestActor.isCurrent, count: model.count) }
  }

  @MainActor static func samples(_ model: PerceptionModel) -> Perceptions<Sample, Never> {
    Perceptions { Sample(onTestActor: TestActor.isCurrent, count: model.count) }
  }

  @TestActor static func samplesOnTestActor(_ model: NativeModel) -> Observations<Sample, Never> {
    Observations { Sample(onTestActor: TestActor.isCurrent, count: model.count) }
  }

  @TestActor static func samplesOnTestActor(
    _ model: PerceptionModel
  ) -> Perceptions<Sample, Never> {
    Perceptions { Sample(onTestActor: TestActor.isCurrent, count: model.count) }
  }
}

/// A serial executor that runs its jobs, in order, on one thread it owns.
final class DedicatedThreadExecutor: SerialExecutor, @unchecked Sendable {
  // Sendable because `jobs` is guarded by `condition`.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  private var thread: pthread_t?

  init() {
    Thread.detachNewThread { [unowned self] in self.run() }
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.withLock {
      jobs.append(job)
      condition.signal()
    }
  }

  var isCurrentThread: Bool {
    condition.withLock { thread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
  }

  private func run() {
    condition.withLock { thread = pthread_self() }
    while true {
      let job = condition.withLock {
        while jobs.isEmpty { condition.wait() }
        return jobs.removeFirst()
      }
      job.runSynchronously(on: asUnownedSerialExecutor())
    }
  }
}
