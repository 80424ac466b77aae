@_spi(SwiftUI) import Observation
import PerceptionCore
import Testing

@Suite("willSet and didSet tracking")
struct WillSetDidSetTests {
  /// The same scenario with native's SPI variants and with Perception's, logged the same way.
  private func scenario<Model: TestSubject>(
    _ model: Model,
    track: (
      _ apply: () -> Void, _ willSet: @escaping @Sendable (String) -> Bool,
      _ didSet: @escaping @Sendable (String) -> Bool
    ) -> Void
  ) -> [String] {
    let log = EventLog()
    track(
      {
        _ = model.count
        _ = model.name
      },
      { changed in
        log.append("willSet \(changed) sees \(model.count)")
        return false
      },
      { changed in
        log.append("didSet \(changed) sees \(model.count)")
        return changed == "name"
      })
    model.count = 1
    model.count = 2
    model.other = 3
    model.name = "x"  // didSet cancels here.
    model.count = 4
    return log.all
  }

  @Test func callbacksFireOnEveryChangeUntilCancelled() {
    let expected = [
      "willSet count sees 0", "didSet count sees 1",
      "willSet count sees 1", "didSet count sees 2",
      "willSet name sees 2", "didSet name sees 2",
    ]
    let native = scenario(NativeModel()) { apply, willSet, didSet in
      withObservationTracking(
        apply,
        willSet: { tracking in
          if willSet(Self.describe(tracking.changed, NativeModel.self)) { tracking.cancel() }
        },
        didSet: { tracking in
          if didSet(Self.describe(tracking.changed, NativeModel.self)) { tracking.cancel() }
        })
    }
    let perception = scenario(PerceptionModel()) { apply, willSet, didSet in
      withPerceptionTracking(
        apply,
        willSet: { tracking in
          if willSet(Self.describe(tracking.changed, PerceptionModel.self)) { tracking.cancel() }
        },
        didSet: { tracking in
          if didSet(Self.describe(tracking.changed, PerceptionModel.self)) { tracking.cancel() }
        })
    }
    #expect(perception == native)
    #expect(perception == expected)
  }

  @Test func willSetOnlyAndDidSetOnly() {
    let model = PerceptionModel()
    let log = EventLog()
    withPerceptionTracking {
      _ = model.count
    } willSet: { [weak model] _ in
      log.append("will \(model?.count ?? -1)")
    }
    withPerceptionTracking {
      _ = model.count
    } didSet: { [weak model] _ in
      log.append("did \(model?.count ?? -1)")
    }
    model.count = 1
    model.count = 2
    #expect(log.all == ["will 0", "did 1", "will 1", "did 2"])
  }

  @Test func changedNamesTheKeyPath() {
    let model = PerceptionModel()
    let changes = EventLog()
    withPerceptionTracking {
      _ = model.count
      _ = model.name
    } willSet: { tracking in
      changes.append(Self.describe(tracking.changed, PerceptionModel.self))
    }
    model.name = "a"
    model.count = 1
    #expect(changes.all == ["name", "count"])
  }

  static func describe<Model: TestSubject>(_ keyPath: AnyKeyPath?, _: Model.Type) -> String {
    guard let keyPath else { return "nil" }
    return Model.keyPathNames.first { $0.keyPath == keyPath }?.name ?? "unknown"
  }
}

extension TestSubject {
  /// The key paths of the concrete class's properties: a key path through the protocol's
  /// requirement names a different property, the witness, and is not equal to these.
  static var keyPathNames: [(keyPath: AnyKeyPath, name: String)] {
    if Self.self == PerceptionModel.self {
      return [
        (\PerceptionModel.count, "count"), (\PerceptionModel.name, "name"),
        (\PerceptionModel.other, "other"),
      ]
    }
    return [
      (\NativeModel.count, "count"), (\NativeModel.name, "name"), (\NativeModel.other, "other"),
    ]
  }
}
