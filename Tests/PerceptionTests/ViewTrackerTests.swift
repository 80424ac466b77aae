import Foundation
import Perception
import Testing

@testable import PerceptionCore

@Perceptible final class Panel {
  var title = ""
  var isOn = false
  var count = 0
}

/// Eight properties, so that eight writers can race on one object's registrar without racing
/// on any property's storage (which no model guards).
@Perceptible final class Switchboard {
  var line0 = 0
  var line1 = 0
  var line2 = 0
  var line3 = 0
  var line4 = 0
  var line5 = 0
  var line6 = 0
  var line7 = 0

  /// Sets the line at `index` to 1, through its generated setter.
  func raise(_ index: Int) {
    switch index {
    case 0: line0 = 1
    case 1: line1 = 1
    case 2: line2 = 1
    case 3: line3 = 1
    case 4: line4 = 1
    case 5: line5 = 1
    case 6: line6 = 1
    default: line7 = 1
    }
  }

  var sum: Int { line0 + line1 + line2 + line3 + line4 + line5 + line6 + line7 }
}

/// Counts calls from any thread.
final class CallCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var calls = 0

  func record() { lock.withLock { calls += 1 } }
  var count: Int { lock.withLock { calls } }
}

/// Collects perception checking's reports made while `body` runs.
func reports(_ body: () -> Void) -> [PerceptionCheckingReport] {
  let log = Locked<[PerceptionCheckingReport]>([])
  PerceptionChecking.withReportHandler(
    { report in log.mutate { $0.append(report) } }, operation: body)
  return log.value
}

/// A value guarded by a lock.
final class Locked<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: Value
  init(_ value: Value) { stored = value }
  var value: Value { lock.withLock { stored } }
  func mutate(_ body: (inout Value) -> Void) { lock.withLock { body(&stored) } }
}

@Suite("ViewTracker: when a tracking view renders again")
struct ViewTrackerTests {
  @Test func changeToWhatTheRenderReadInvalidatesOnce() {
    let panel = Panel()
    let tracker = ViewTracker()
    let invalidations = CallCounter()
    let title = tracker.render({ panel.title }, onInvalidate: { invalidations.record() })
    #expect(title == "")
    #expect(tracker.isWaitingForChange)
    panel.title = "a"
    panel.title = "b"
    #expect(invalidations.count == 1)
    #expect(!tracker.isWaitingForChange)
  }

  @Test func changeToWhatTheRenderDidNotReadInvalidatesNothing() {
    let panel = Panel()
    let tracker = ViewTracker()
    let invalidations = CallCounter()
    _ = tracker.render({ panel.title }, onInvalidate: { invalidations.record() })
    panel.count += 1
    #expect(invalidations.count == 0)
  }

  @Test func nextRenderRearms() {
    let panel = Panel()
    let tracker = ViewTracker()
    let invalidations = CallCounter()
    for round in 1...3 {
      _ = tracker.render({ panel.count }, onInvalidate: { invalidations.record() })
      panel.count += 1
      #expect(invalidations.count == round)
    }
  }

  @Test func aRenderSupersedesTheOneBefore() {
    let panel = Panel()
    let tracker = ViewTracker()
    let invalidations = CallCounter()
    // The first render read `title`; the second, made before any change, reads `count` only.
    _ = tracker.render({ panel.title }, onInvalidate: { invalidations.record() })
    _ = tracker.render({ panel.count }, onInvalidate: { invalidations.record() })
    panel.title = "ignored"
    #expect(invalidations.count == 0)
    panel.count = 1
    #expect(invalidations.count == 1)
  }

  @Test func racingWritersInvalidateOnce() async {
    let board = Switchboard()
    let tracker = ViewTracker()
    let invalidations = CallCounter()
    tracker.render({ _ = board.sum }, onInvalidate: { invalidations.record() })
    // Each writer sets its own property: the writers race on the registrar, not on storage.
    nonisolated(unsafe) let shared = board
    await withTaskGroup(of: Void.self) { group in
      for index in 0..<8 {
        group.addTask { shared.raise(index) }
      }
    }
    #expect(invalidations.count == 1)
    #expect(board.sum == 8)
  }

  @Test func readsInsideTheRenderAreNotReported() {
    let panel = Panel()
    let found = reports {
      withPerceptionChecking {
        _ = ViewTracker().render({ panel.title }, onInvalidate: {})
      }
    }
    #expect(found.isEmpty)
  }

  @Test func nativeViewLayerNeedsNoTrackingOnlyOnTheNativeEngine() {
    #expect(ViewTracker.needsTracking(viewLayerObservesNatively: false))
    let native = PerceptionEngine.current == .native
    #expect(ViewTracker.needsTracking(viewLayerObservesNatively: true) == !native)
  }

  @Test func theInitialTrackerExistsOnlyWhereTrackingIsNeeded() {
    #expect(ViewTracker.ifNeeded(viewLayerObservesNatively: false) != nil)
    let native = PerceptionEngine.current == .native
    #expect((ViewTracker.ifNeeded(viewLayerObservesNatively: true) == nil) == native)
  }

  @Test func aReleasedTrackerCallsNothing() {
    let panel = Panel()
    let invalidations = CallCounter()
    do {
      let tracker = ViewTracker()
      _ = tracker.render({ panel.count }, onInvalidate: { invalidations.record() })
    }
    panel.count = 1
    #expect(invalidations.count == 0)
  }
}

extension ViewTracker {
  /// Whether the tracker has rendered and no change has been reported since its last render.
  var isWaitingForChange: Bool { word.loadAcquire() & 1 != 0 }
}
