import Observation
import Perception
import Testing

@MainActor @Perceptible final class Scoreboard {
  var home = 0
  var away = 0
}

@MainActor @Observable final class NativeScoreboard {
  var home = 0
  var away = 0
}

/// Holds a tracking handle, as the user model does.
final class TrackingOwner: @unchecked Sendable {
  var tracking: PerceptionTracking?
}

@MainActor
@Suite("Perceptions and cancelling, with @Perceptible classes", .timeLimit(.minutes(1)))
struct PerceptionsMacroTests {
  @Test func perceptionsOverAPerceptibleClassGivesWhatObservationsGives() async {
    let native = NativeScoreboard()
    var nativeElements: [String] = []
    for await score in Observations({ "\(native.home)-\(native.away)" }) {
      nativeElements.append(score)
      if native.home == 2 { break }
      native.home += 1
      native.away += 3
    }
    let board = Scoreboard()
    var elements: [String] = []
    for await score in Perceptions({ "\(board.home)-\(board.away)" }) {
      elements.append(score)
      if board.home == 2 { break }
      board.home += 1
      board.away += 3
    }
    #expect(nativeElements == ["0-0", "1-3", "2-6"])
    #expect(elements == nativeElements)
  }

  @Test func cancellingAKeptTrackingReleasesItsOwner() {
    // The scenario of the issue, as a user writes it.
    let counter = Counter()
    weak var weakOwner: TrackingOwner?
    do {
      let owner = TrackingOwner()
      weakOwner = owner
      withPerceptionTracking(
        { _ = counter.count }, willSet: { tracking in owner.tracking = tracking })
      counter.count += 1
      owner.tracking?.cancel()
    }
    #expect(weakOwner == nil)
  }
}
