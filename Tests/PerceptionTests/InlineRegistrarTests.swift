import Foundation
import Perception
import Testing

// The registrar @Perceptible declares (`_PerceptibleRegistrar`), with the macro: a class whose
// properties get static key paths, a generic class (key path literals), a class that declares
// its own registrar, and a checked-Sendable class.

/// Static key paths: the accessors hand the registrar `_PerceptionKeyPath`s.
@Perceptible
final class InlineStatic {
  var value = 0
  var other = 0
}

/// Generic: no static key paths, so the accessors hand the registrar key path literals.
@Perceptible
final class InlineGeneric<Value> {
  var value: Value

  init(_ value: Value) { self.value = value }
}

/// A class that declares its registrar itself: the macro keeps it, a `PerceptionRegistrar`.
@Perceptible
final class OwnRegistrar {
  let _$perceptionRegistrar = PerceptionRegistrar()
  var value = 0
}

/// Checked `Sendable`: the registrar's `let` is of a Sendable type.
@Perceptible
final class CheckedSendable: Sendable {
  let name: String

  init(name: String) { self.name = name }
}

/// Codable, with its own coding keys (as `@Observable` classes need): synthesized coding skips
/// the registrar, which its default value initializes.
@Perceptible
final class CodableModel: Codable {
  var name = ""
  var count = 0

  enum CodingKeys: String, CodingKey {
    case _name = "name"
    case _count = "count"
  }
}

/// A class that is subclassed: the subclass's own stored property sits after the registrar.
@Perceptible
class BaseModel {
  var value = 0
}

final class DerivedModel: BaseModel {
  var extra = 0
}

/// Records the kinds of the events a tracking with options delivers.
final class Kinds: @unchecked Sendable {
  var all: [String] = []
}

@Suite("The registrar @Perceptible declares, with the macro")
struct InlineRegistrarTests {
  @Test func staticKeyPathsFireForTheirOwnPropertyOnly() {
    let model = InlineStatic()
    #expect(fires({ _ = model.value }, when: { model.value = 1 }))
    #expect(!fires({ _ = model.value }, when: { model.other = 1 }))
    #expect(fires({ _ = model.other }, when: { model.other += 1 }))
    #expect(model.value == 1 && model.other == 2)
  }

  @Test func keyPathLiteralsFire() {
    let model = InlineGeneric("a")
    #expect(fires({ _ = model.value }, when: { model.value = "b" }))
    #expect(model.value == "b")
  }

  @Test func aHandDeclaredRegistrarIsKept() {
    let model = OwnRegistrar()
    #expect(fires({ _ = model.value }, when: { model.value = 1 }))
    let _: PerceptionRegistrar = model._$perceptionRegistrar
  }

  @Test func aCheckedSendableClassCompiles() {
    let model = CheckedSendable(name: "a")
    #expect(!fires({ _ = model.name }, when: {}))
  }

  /// Reflection cannot copy a noncopyable field, so the runtime shows the registrar as an
  /// empty tuple: `dump` and `Mirror` still list every property, and nothing traps.
  @Test func reflectionListsThePropertiesAndAnEmptyRegistrar() {
    let model = InlineStatic()
    model.value = 3
    let children = Mirror(reflecting: model).children.map { ($0.label ?? "", $0.value) }
    #expect(children.map(\.0) == ["_value", "_other", "_$perceptionRegistrar"])
    #expect(children[0].1 as? Int == 3)
    #expect(children[2].1 is Void)
    var dumped = ""
    dump(model, to: &dumped)
    #expect(dumped.contains("_value: 3"))
  }

  @Test func aCodableClassRoundTripsAndStillFires() throws {
    let model = CodableModel()
    model.name = "a"
    model.count = 2
    let data = try JSONEncoder().encode(model)
    let decoded = try JSONDecoder().decode(CodableModel.self, from: data)
    #expect(decoded.name == "a" && decoded.count == 2)
    #expect(fires({ _ = decoded.count }, when: { decoded.count = 3 }))
  }

  @Test func aSubclassFires() {
    let model = DerivedModel()
    #expect(fires({ _ = model.value }, when: { model.value = 1 }))
    model.extra = 1
    #expect(model.value == 1 && model.extra == 1)
  }

  @Test func aReleaseReachesATrackingThatWantsIt() {
    let kinds = Kinds()
    do {
      let model = InlineStatic()
      withPerceptionTracking(options: [.deinit]) {
        _ = model.value
      } onChange: { event in
        kinds.all.append(event.kind == .deinit ? "deinit" : "other")
      }
    }
    #expect(kinds.all == ["deinit"])
  }
}
