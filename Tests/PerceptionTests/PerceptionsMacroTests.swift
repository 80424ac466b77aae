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

@Perceptible final class DeinitReporting {
  var property = 3
  var property2 = 4
  let onDeinit: () -> Void

  init(_ onDeinit: @escaping () -> Void) {
    self.onDeinit = onDeinit
  }

  deinit {
    onDeinit()
  }
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

  @Test func releasingAWeaklyReadObjectCallsOnChangeOnceAndDeinitsOnce() {
    // As the newest Observation's "weak container observation": Observation 6.3.1 does not
    // call onChange here.
    let changes = Tally()
    var deinits = 0
    var object = DeinitReporting { deinits += 1 }
    withPerceptionTracking { [weak object] in
      _ = object?.property
      _ = object?.property2
    } onChange: {
      changes.count += 1
    }
    object = DeinitReporting {}
    #expect(deinits == 1)
    #expect(changes.count == (PerceptionEngine.onChangeHearsReleases ? 1 : 0))
    _ = object
  }
}

/// Counts calls from a `@Sendable` closure that runs on the test's own thread.
final class Tally: @unchecked Sendable {
  var count = 0
}
