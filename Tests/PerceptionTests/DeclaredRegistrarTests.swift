import Foundation
import Perception
import Testing

// The registrar @Perceptible declares (`_$perceptionRegistrar`, a `PerceptionRegistrar` as
// swift-perception's macro declares it), with the macro: a class whose properties get static key
// paths, a generic class (key path literals), a class that declares its own registrar, a
// checked-Sendable class, and the class's own code holding its registrar.

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

/// Codable, with its own coding keys, which leave the registrar out (synthesized coding without
/// them is `CodableTests`').
@Perceptible
final class CodableModel: Codable {
  var name = ""
  var count = 0

  enum CodingKeys: String, CodingKey {
    case _name = "name"
    case _count = "count"
  }
}

/// A class whose own code holds its registrar: copies it, keeps a key path to it, and announces
/// a change through the copy, as a class can with swift-perception's registrar.
@Perceptible
final class RegistrarHolder {
  var value = 0

  static var registrarKeyPath: KeyPath<RegistrarHolder, PerceptionRegistrar> {
    \._$perceptionRegistrar
  }

  func copyOfRegistrar() -> PerceptionRegistrar { _$perceptionRegistrar }

  func setThroughACopy(_ newValue: Int) {
    let copy = self[keyPath: Self.registrarKeyPath]
    copy.withMutation(of: self, keyPath: \.value) { _value = newValue }
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

  /// `dump` and `Mirror` list every property, the registrar among them, as they do
  /// swift-perception's and `@Observable`'s.
  @Test func reflectionListsThePropertiesAndTheRegistrar() {
    let model = InlineStatic()
    model.value = 3
    let children = Mirror(reflecting: model).children.map { ($0.label ?? "", $0.value) }
    #expect(children.map(\.0) == ["_value", "_other", "_$perceptionRegistrar"])
    #expect(children[0].1 as? Int == 3)
    #expect(children[2].1 is PerceptionRegistrar)
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

  @Test func theClassesOwnCodeCopiesItsRegistrar() {
    let model = RegistrarHolder()
    // A copy is the same registrar: a change announced through it reaches the observers.
    #expect(fires({ _ = model.value }, when: { model.setThroughACopy(1) }))
    #expect(model.value == 1)
    let copy = model.copyOfRegistrar()
    #expect(copy == model[keyPath: RegistrarHolder.registrarKeyPath])
    #expect(Set([copy]).count == 1)
    let sendable: any Sendable & Codable & Hashable = copy
    #expect(sendable is PerceptionRegistrar)
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
