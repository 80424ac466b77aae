import Observation
import PerceptionCore
import Testing

/// How the iterators of one sequence share its wake-ups, where `Perceptions` goes beyond
/// `Observations`.
@MainActor
@Suite("Perceptions wake-ups", .timeLimit(.minutes(1)))
struct PerceptionsWakeUpTests {
  /// Both iterators' trackings fire while neither waits. Native remembers that as one flag for
  /// the sequence, which the first iterator to wait consumes: the second waits through a change
  /// its own tracking saw, and gets only the next one. Each iterator of ours also remembers its
  /// own change.
  @Test func anIteratorWhoseTrackingFiredWhileItWasBusyGetsThatChange() async {
    func run<Model: TestSubject, S: AsyncSequence<Int, Never>>(
      _ model: Model, _ values: S
    ) async -> [Int?] {
      var first = values.makeAsyncIterator()
      var second = values.makeAsyncIterator()
      _ = await first.next(isolation: #isolation)
      _ = await second.next(isolation: #isolation)
      model.count = 1
      let firstAfterChange = await first.next(isolation: #isolation)
      // Runs only if the second iterator waits.
      Task { model.count = 2 }
      let secondAfterChange = await second.next(isolation: #isolation)
      return [firstAfterChange, secondAfterChange]
    }
    let nativeModel = NativeModel()
    let native = await run(nativeModel, Observations { nativeModel.count })
    let perceptionModel = PerceptionModel()
    let perception = await run(perceptionModel, Perceptions { perceptionModel.count })
    #expect(native == [1, 2])
    #expect(perception == [1, 1])
  }

}
