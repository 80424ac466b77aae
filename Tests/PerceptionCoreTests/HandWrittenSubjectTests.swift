import Foundation
import Observation
import Testing

@testable import PerceptionCore

// Hand-written `Perceptible` classes called through the registrar's `Perceptible` overloads, as
// a class is wherever its `Observable` conformance is not visible at the call: the Composable
// Architecture's `Store` built for iOS 13, or any caller generic over `Perceptible`. On Linux
// availability is ignored, so these generic functions are how a test reaches those overloads.

func perceptibleRead<Subject: Perceptible, Member>(
  _ registrar: PerceptionRegistrar, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>
) {
  registrar.access(subject, keyPath: keyPath)
}

func perceptibleWrite<Subject: Perceptible, Member>(
  _ registrar: PerceptionRegistrar, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>,
  _ mutation: () -> Void
) {
  registrar.withMutation(of: subject, keyPath: keyPath, mutation)
}

func perceptibleAnnounce<Subject: Perceptible, Member>(
  _ registrar: PerceptionRegistrar, _ subject: Subject, _ keyPath: KeyPath<Subject, Member>,
  _ mutation: () -> Void
) {
  registrar.willSet(subject, keyPath: keyPath)
  mutation()
  registrar.didSet(subject, keyPath: keyPath)
}

/// `Perceptible`, and `Observable` as the macro makes every class: Observation sees it.
final class ObservableByHand: Perceptible, @unchecked Sendable {
  let registrar = PerceptionRegistrar()
  private var _count = 0
  private var _other = 0

  var count: Int {
    get {
      perceptibleRead(registrar, self, \.count)
      return _count
    }
    set { perceptibleWrite(registrar, self, \.count) { _count = newValue } }
  }

  var other: Int {
    get {
      perceptibleRead(registrar, self, \.other)
      return _other
    }
    set { perceptibleAnnounce(registrar, self, \.other) { _other = newValue } }
  }
}

extension ObservableByHand: Observable {}

/// `Perceptible` alone: the native engine cannot see it, and says so once.
final class PerceptibleOnlyByHand: Perceptible, @unchecked Sendable {
  let registrar = PerceptionRegistrar()
  private var _count = 0

  var count: Int {
    get {
      perceptibleRead(registrar, self, \.count)
      return _count
    }
    set { perceptibleWrite(registrar, self, \.count) { _count = newValue } }
  }
}

@Suite("Hand-written Perceptible types through the Perceptible overloads")
struct HandWrittenSubjectTests {
  @Test(.enabled(if: PerceptionEngine.current == .native))
  func observationSeesAnObservableOneOnTheNativeEngine() {
    let model = ObservableByHand()
    let changes = EventLog()
    withObservationTracking {
      _ = model.count
    } onChange: {
      changes.append("count")
    }
    model.other = 1
    #expect(changes.all.isEmpty)
    model.count = 1
    model.count = 2
    #expect(changes.all == ["count"])
  }

  @Test func perceptionTrackingSeesAnObservableOne() {
    let model = ObservableByHand()
    let changes = EventLog()
    withPerceptionTracking {
      _ = model.other
    } onChange: {
      changes.append("other")
    }
    model.count = 1
    #expect(changes.all.isEmpty)
    model.other = 1
    model.other = 2
    #expect(changes.all == ["other"])
  }

  @Test func perceptionsSeesAnObservableOne() async {
    let model = ObservableByHand()
    let values = Perceptions { model.count }
    var iterator = values.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    model.count = 1
    #expect(await iterator.next() == 1)
  }

  @Test(.enabled(if: PerceptionEngine.current == .native))
  func aPerceptibleOnlyOneIsReportedOnceOnTheNativeEngine() {
    let model = PerceptibleOnlyByHand()
    let changes = EventLog()
    withKnownIssue {
      withPerceptionTracking {
        _ = model.count
      } onChange: {
        changes.append("count")
      }
      model.count = 1
      _ = model.count
    } matching: { issue in
      "\(issue)".contains(
        "PerceptibleOnlyByHand is Perceptible but not Observable, so the native engine")
    }
    // Once per type and process: another object of the type is not reported again.
    let another = PerceptibleOnlyByHand()
    withPerceptionTracking {
      _ = another.count
    } onChange: {
      changes.append("another")
    }
    another.count = 1
    #expect(changes.all.isEmpty)
  }

  @Test(.enabled(if: PerceptionEngine.current == .perception))
  func aPerceptibleOnlyOneIsTrackedOnPerceptionsRuntime() {
    let model = PerceptibleOnlyByHand()
    let changes = EventLog()
    withPerceptionTracking {
      _ = model.count
    } onChange: {
      changes.append("count")
    }
    model.count = 1
    #expect(changes.all == ["count"])
  }
}
