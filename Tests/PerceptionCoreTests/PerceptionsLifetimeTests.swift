import Observation
import PerceptionCore
import Testing

/// What a `Perceptions` sequence keeps alive: once it has ended, or once it is dropped, none
/// of the objects its closure read.
@MainActor
@Suite("Perceptions lifetimes", .timeLimit(.minutes(1)))
struct PerceptionsLifetimeTests {
  @Test func anIteratorThatFinishedHoldsNoModel() async {
    weak var weakModel: PerceptionModel?
    var iterator: Perceptions<Int, Never>.Iterator
    do {
      let model = PerceptionModel()
      weakModel = model
      iterator = Perceptions.untilFinished { model.count < 1 ? .next(model.count) : .finish }
        .makeAsyncIterator()
      #expect(await iterator.next() == 0)
      model.count = 1
      #expect(await iterator.next() == nil)
    }
    #expect(weakModel == nil, "the ended iterator let go of the closure and its captures")
    #expect(await iterator.next() == nil)
  }

  @Test func anIteratorThatThrewHoldsNoModel() async throws {
    weak var weakModel: PerceptionModel?
    var iterator: Perceptions<Int, TestFailure>.Iterator
    do {
      let model = PerceptionModel()
      weakModel = model
      iterator = Perceptions { () throws(TestFailure) -> Int in
        if model.count == 1 { throw .failed }
        return model.count
      }.makeAsyncIterator()
      #expect(try await iterator.next() == 0)
      model.count = 1
      do throws(TestFailure) {
        _ = try await iterator.next()
        Issue.record("next() did not throw")
      } catch {
        #expect(error == .failed)
      }
    }
    #expect(weakModel == nil)
    #expect(try await iterator.next() == nil)
  }

  @Test func anIteratorWhoseTaskWasCancelledHoldsNoModel() async {
    let released = await Task {
      weak var weakModel: PerceptionModel?
      var iterator: Perceptions<Int, Never>.Iterator
      do {
        let model = PerceptionModel()
        weakModel = model
        iterator = Perceptions { model.count }.makeAsyncIterator()
        #expect(await iterator.next() == 0)
        withUnsafeCurrentTask { $0?.cancel() }
        #expect(await iterator.next() == nil)
      }
      return weakModel == nil
    }.value
    #expect(released)
  }

  @Test func aDroppedSequenceHoldsNoModel() async {
    // The sequence and its iterator are dropped while the iterator's tracking is installed
    // in the model: the registration holds only the iterator's wake-up signal.
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ make: (Model) -> S
    ) async -> Bool {
      weak var weakModel: Model?
      do {
        let model = Model()
        weakModel = model
        var iterator = make(model).makeAsyncIterator()
        _ = await iterator.next(isolation: #isolation)
        model.count = 1
      }
      return weakModel == nil
    }
    #expect(await run { (model: NativeModel) in Observations { model.count } })
    #expect(await run { (model: PerceptionModel) in Perceptions { model.count } })
  }

  @Test func aSequenceOverAReleasedObjectCanFinish() async {
    // A release counts as a change, as in the newest Observation, so the closure runs again
    // and sees its weak reference gone. (With Observation 6.3.1 this sequence never ends, nor
    // on the native engine where that Observation runs: see `onChangeHearsReleases`.)
    guard PerceptionEngine.onChangeHearsReleases else { return }
    let holder = ModelHolder()
    holder.model = PerceptionModel()
    weak let weakModel = holder.model
    var iterator = Perceptions<Int, Never>.untilFinished { [weak weakModel] in
      guard let model = weakModel else { return .finish }
      return .next(model.count)
    }.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    holder.model = nil
    #expect(await iterator.next() == nil)
  }

  @Test func aChangeAfterTheSequenceEndedIsHarmless() async {
    let model = PerceptionModel()
    do {
      var iterator = Perceptions { model.count }.makeAsyncIterator()
      #expect(await iterator.next() == 0)
    }
    // The last tracking is still installed, and fires into a signal nobody waits on.
    model.count = 1
    model.count = 2
    var iterator = Perceptions { model.count }.makeAsyncIterator()
    #expect(await iterator.next() == 2)
  }
}
