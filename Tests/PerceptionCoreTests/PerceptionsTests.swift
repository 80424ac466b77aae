import Observation
import PerceptionCore
import Testing

/// Each scenario runs twice, with the toolchain's `Observations` over `NativeModel` and with
/// `Perceptions` over `PerceptionModel`, and both must give the same elements.
///
/// Everything here runs on the main actor: the iterating code, the closures (which inherit
/// the test's isolation) and the mutations, so that which changes fall into one synchronous
/// stretch is decided by the code, not by timing.
@MainActor
@Suite("Perceptions matches Observations", .timeLimit(.minutes(1)))
struct PerceptionsTests {
  @Test func theFirstElementIsTheCurrentValue() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: (Model) -> S
    ) async -> Int? {
      model.count = 7
      var iterator = values(model).makeAsyncIterator()
      return await iterator.next(isolation: #isolation)
    }
    let native = await run(NativeModel()) { model in Observations { model.count } }
    let perception = await run(PerceptionModel()) { model in Perceptions { model.count } }
    #expect(native == 7)
    #expect(perception == native)
  }

  @Test func aChangeWhileWaitingGivesTheNewValue() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: (Model) -> S
    ) async -> [Int?] {
      var iterator = values(model).makeAsyncIterator()
      let first = await iterator.next(isolation: #isolation)
      // Runs once this task is suspended in `next()`.
      Task { model.count = 42 }
      let second = await iterator.next(isolation: #isolation)
      return [first, second]
    }
    let native = await run(NativeModel()) { model in Observations { model.count } }
    let perception = await run(PerceptionModel()) { model in Perceptions { model.count } }
    #expect(native == [0, 42])
    #expect(perception == native)
  }

  @Test func aChangeBeforeWaitingIsNotLost() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: (Model) -> S
    ) async -> [Int?] {
      var iterator = values(model).makeAsyncIterator()
      let first = await iterator.next(isolation: #isolation)
      model.count = 5
      let second = await iterator.next(isolation: #isolation)
      return [first, second]
    }
    let native = await run(NativeModel()) { model in Observations { model.count } }
    let perception = await run(PerceptionModel()) { model in Perceptions { model.count } }
    #expect(native == [0, 5])
    #expect(perception == native)
  }

  @Test func changesToSeveralPropertiesInOneStretchGiveOneElement() async {
    func run<Model: TestSubject, S: AsyncSequence<String, Never>>(
      _ model: Model, _ values: (Model) -> S
    ) async -> [String?] {
      model.name = "test"
      var iterator = values(model).makeAsyncIterator()
      let first = await iterator.next(isolation: #isolation)
      Task {
        model.name = "updated"
        model.count = 100
      }
      let second = await iterator.next(isolation: #isolation)
      return [first, second]
    }
    let native = await run(NativeModel()) { model in
      Observations { "\(model.name):\(model.count)" }
    }
    let perception = await run(PerceptionModel()) { model in
      Perceptions { "\(model.name):\(model.count)" }
    }
    #expect(native == ["test:0", "updated:100"])
    #expect(perception == native)
  }

  @Test func rapidChangesInOneStretchGiveTheLastValue() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: (Model) -> S
    ) async -> [Int?] {
      var iterator = values(model).makeAsyncIterator()
      let first = await iterator.next(isolation: #isolation)
      Task {
        for value in 1...5 { model.count = value }
      }
      let second = await iterator.next(isolation: #isolation)
      return [first, second]
    }
    let native = await run(NativeModel()) { model in Observations { model.count } }
    let perception = await run(PerceptionModel()) { model in Perceptions { model.count } }
    #expect(native == [0, 5])
    #expect(perception == native)
  }

  @Test func aChangeAndItsUndoInOneStretchStillGiveAnElement() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: (Model) -> S
    ) async -> [Int?] {
      var iterator = values(model).makeAsyncIterator()
      let first = await iterator.next(isolation: #isolation)
      model.count = 1
      model.count = 0
      let second = await iterator.next(isolation: #isolation)
      model.count = 3
      let third = await iterator.next(isolation: #isolation)
      return [first, second, third]
    }
    let native = await run(NativeModel()) { model in Observations { model.count } }
    let perception = await run(PerceptionModel()) { model in Perceptions { model.count } }
    #expect(native == [0, 0, 3])
    #expect(perception == native)
  }

  @Test func aPropertyTheClosureDidNotReadGivesNoElement() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: (Model) -> S
    ) async -> [Int?] {
      var iterator = values(model).makeAsyncIterator()
      let first = await iterator.next(isolation: #isolation)
      // Only the second change is of a property the closure reads; had the first given an
      // element, it would be 0.
      Task {
        model.other = 1
        await Task.yield()
        model.count = 2
      }
      let second = await iterator.next(isolation: #isolation)
      return [first, second]
    }
    let native = await run(NativeModel()) { model in Observations { model.count } }
    let perception = await run(PerceptionModel()) { model in Perceptions { model.count } }
    #expect(native == [0, 2])
    #expect(perception == native)
  }

  @Test func theClosureReadsWhatItReadsThisTime() async {
    // The second element reads `other` instead of `count`; a change of `count` must then be
    // ignored, and one of `other` seen.
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: (Model) -> S
    ) async -> [Int?] {
      var iterator = values(model).makeAsyncIterator()
      let first = await iterator.next(isolation: #isolation)
      model.name = "other"
      let second = await iterator.next(isolation: #isolation)
      Task {
        model.count = 10
        await Task.yield()
        model.other = 20
      }
      let third = await iterator.next(isolation: #isolation)
      return [first, second, third]
    }
    let native = await run(NativeModel()) { model in
      Observations { model.name == "other" ? model.other : model.count }
    }
    let perception = await run(PerceptionModel()) { model in
      Perceptions { model.name == "other" ? model.other : model.count }
    }
    #expect(native == [0, 0, 20])
    #expect(perception == native)
  }

  @Test func anErrorIsThrownOnceAndEndsTheSequence() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, TestFailure>>(
      _ model: Model, _ values: (Model) -> S
    ) async -> [String] {
      var log: [String] = []
      var iterator = values(model).makeAsyncIterator()
      for _ in 0..<3 {
        do throws(TestFailure) {
          log.append("\(try await iterator.next(isolation: #isolation) as Any)")
        } catch {
          log.append("threw \(error)")
        }
        model.count += 1
      }
      return log
    }
    let native = await run(NativeModel()) { model in
      Observations { () throws(TestFailure) -> Int in
        if model.count == 1 { throw TestFailure.failed }
        return model.count
      }
    }
    let perception = await run(PerceptionModel()) { model in
      Perceptions { () throws(TestFailure) -> Int in
        if model.count == 1 { throw TestFailure.failed }
        return model.count
      }
    }
    #expect(native == ["Optional(0)", "threw failed", "nil"])
    #expect(perception == native)
  }

  @Test func untilFinishedThatFinishesAtOnceIsEmpty() async {
    func run<S: AsyncSequence<Int, Never>>(_ values: S) async -> Int? {
      var iterator = values.makeAsyncIterator()
      return await iterator.next(isolation: #isolation)
    }
    let native = await run(Observations<Int, Never>.untilFinished { .finish })
    let perception = await run(Perceptions<Int, Never>.untilFinished { .finish })
    #expect(native == nil)
    #expect(perception == native)
  }

  @Test func untilFinishedGoesOnUntilTheClosureFinishes() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: (Model) -> S
    ) async -> [Int?] {
      var elements: [Int?] = []
      var iterator = values(model).makeAsyncIterator()
      for _ in 0..<5 {
        elements.append(await iterator.next(isolation: #isolation))
        model.count += 1
      }
      return elements
    }
    let native = await run(NativeModel()) { model in
      Observations.untilFinished { model.count < 3 ? .next(model.count) : .finish }
    }
    let perception = await run(PerceptionModel()) { model in
      Perceptions.untilFinished { model.count < 3 ? .next(model.count) : .finish }
    }
    #expect(native == [0, 1, 2, nil, nil])
    #expect(perception == native)
  }

  @Test func forAwaitSeesEachStretchOnce() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: (Model) -> S
    ) async -> [Int] {
      var elements: [Int] = []
      for await value in values(model) {
        elements.append(value)
        if value >= 30 { break }
        // Each stretch makes several changes; only its last value is seen.
        model.count += 1
        model.count += 4
        model.count += 5
      }
      return elements
    }
    let native = await run(NativeModel()) { model in Observations { model.count } }
    let perception = await run(PerceptionModel()) { model in Perceptions { model.count } }
    #expect(native == [0, 10, 20, 30])
    #expect(perception == native)
  }

  @Test func aCancelledTaskEndsTheSequence() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: @escaping (Model) -> S
    ) async -> [Int] {
      let (progress, reporter) = AsyncStream<Int>.makeStream()
      let task = Task {
        var elements: [Int] = []
        var iterator = values(model).makeAsyncIterator()
        while let value = await iterator.next(isolation: #isolation) {
          elements.append(value)
          reporter.yield(value)
        }
        // Once ended, it stays ended.
        #expect(await iterator.next(isolation: #isolation) == nil)
        return elements
      }
      var reports = progress.makeAsyncIterator()
      _ = await reports.next(isolation: #isolation)
      // The task is now waiting for a change.
      task.cancel()
      let elements = await task.value
      model.count = 1
      return elements
    }
    let native = await run(NativeModel()) { model in Observations { model.count } }
    let perception = await run(PerceptionModel()) { model in Perceptions { model.count } }
    #expect(native == [0])
    #expect(perception == native)
  }

  @Test func aTaskCancelledBeforeTheFirstElementGetsNone() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: @escaping (Model) -> S
    ) async -> Int? {
      let task = Task {
        withUnsafeCurrentTask { $0?.cancel() }
        var iterator = values(model).makeAsyncIterator()
        return await iterator.next(isolation: #isolation)
      }
      return await task.value
    }
    let native = await run(NativeModel()) { model in Observations { model.count } }
    let perception = await run(PerceptionModel()) { model in Perceptions { model.count } }
    #expect(native == nil)
    #expect(perception == native)
  }

  @Test func severalIteratorsOfOneSequenceShareItsWakeUps() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never> & Sendable>(
      _ model: Model, _ values: S
    ) async -> [[Int]] {
      let (progress, reporter) = AsyncStream<Int>.makeStream()
      let tasks = (0..<2).map { index in
        Task {
          var elements: [Int] = []
          var iterator = values.makeAsyncIterator()
          for _ in 0..<3 {
            if let value = await iterator.next(isolation: #isolation) { elements.append(value) }
            reporter.yield(index)
          }
          return elements
        }
      }
      var reports = progress.makeAsyncIterator()
      var elementsSoFar = [0, 0]
      for (round, change) in [100, 200, nil].enumerated() {
        // Each iterator got its element of this round (one may have computed its next already,
        // from the change it remembered) and is waiting again. Counted per iterator: on Linux
        // the main actor does not always run resumed tasks in the order they were resumed.
        while elementsSoFar.min()! <= round {
          if let index = await reports.next(isolation: #isolation) { elementsSoFar[index] += 1 }
        }
        if let change { model.count = change }
      }
      var results: [[Int]] = []
      for task in tasks { results.append(await task.value) }
      return results
    }
    let nativeModel = NativeModel()
    let native = await run(nativeModel, Observations { nativeModel.count })
    let perceptionModel = PerceptionModel()
    let perception = await run(perceptionModel, Perceptions { perceptionModel.count })
    // The iterators share the sequence's wake-ups, as native's do: the second iterator's
    // tracking, firing after both iterators were woken, finds nobody waiting, so the change is
    // remembered and the first iterator to wait again computes 100 a second time. Which
    // iterator that is depends on the order the actor runs them in, in both.
    let inOrder = { (elements: [[Int]]) in elements.sorted { $0.lexicographicallyPrecedes($1) } }
    #expect(inOrder(native) == [[0, 100, 100], [0, 100, 200]])
    #expect(inOrder(perception) == inOrder(native))
  }

  @Test func anIteratorStartedLaterStartsFromTheValueThen() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: S
    ) async -> [Int?] {
      var early = values.makeAsyncIterator()
      let first = await early.next(isolation: #isolation)
      model.count = 1
      var late = values.makeAsyncIterator()
      let lateFirst = await late.next(isolation: #isolation)
      let earlySecond = await early.next(isolation: #isolation)
      return [first, lateFirst, earlySecond]
    }
    let nativeModel = NativeModel()
    let native = await run(nativeModel, Observations { nativeModel.count })
    let perceptionModel = PerceptionModel()
    let perception = await run(perceptionModel, Perceptions { perceptionModel.count })
    #expect(native == [0, 1, 1])
    #expect(perception == native)
  }

  @Test func aChildObjectsChangesAreSeen() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: (Model) -> S
    ) async -> [Int?] {
      let child = Model()
      var iterator = values(model).makeAsyncIterator()
      let first = await iterator.next(isolation: #isolation)
      model.child = child
      let second = await iterator.next(isolation: #isolation)
      child.count = 9
      let third = await iterator.next(isolation: #isolation)
      return [first, second, third]
    }
    let native = await run(NativeModel()) { model in
      Observations { model.child?.count ?? -1 }
    }
    let perception = await run(PerceptionModel()) { model in
      Perceptions { model.child?.count ?? -1 }
    }
    #expect(native == [-1, 0, 9])
    #expect(perception == native)
  }
}

enum TestFailure: Error, Equatable {
  case failed
}
