import CodableModels
import Foundation
import Perception
import Testing

/// The JSON of `value`, as the fixtures were written: `JSONEncoder` with sorted keys.
private func json(_ value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.sortedKeys]
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

private func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
  try JSONDecoder().decode(type, from: Data(json.utf8))
}

/// Classes that declare `Codable` synthesize their coding as with swift-perception: the same
/// bytes (its own JSON, `SwiftPerceptionFixtures`), and the same as `@Observable`'s but for the
/// registrar's name.
@Suite("Synthesized Codable")
struct CodableTests {
  @Test func encodesTheBytesSwiftPerceptionWrote() throws {
    #expect(try json(CodableSettings()) == SwiftPerceptionFixtures.settings)
    #expect(try json(CodableBase()) == SwiftPerceptionFixtures.base)
    let box = CodableBox(value: 7)
    box.values = [1, 2]
    #expect(try json(box) == SwiftPerceptionFixtures.box)
    let ignoring = CodableIgnoring()
    ignoring.note = "n"
    #expect(try json(ignoring) == SwiftPerceptionFixtures.ignoring)
    let observed = CodableObserved()
    observed.level = 5
    #expect(try json(observed) == SwiftPerceptionFixtures.observed)
    #expect(try json(CodableInExtension()) == SwiftPerceptionFixtures.inExtension)
  }

  @Test func encodesAsObservableDoesButForTheRegistrarsName() throws {
    func renamed(_ native: String) -> String {
      native.replacingOccurrences(of: "_$observationRegistrar", with: "_$perceptionRegistrar")
    }
    #expect(try json(CodableSettings()) == renamed(json(NativeCodableSettings())))
    #expect(try json(CodableBase()) == renamed(json(NativeCodableBase())))
    let box = CodableBox(value: 7)
    box.values = [1, 2]
    let nativeBox = NativeCodableBox(value: 7)
    nativeBox.values = [1, 2]
    #expect(try json(box) == renamed(json(nativeBox)))
    let ignoring = CodableIgnoring()
    ignoring.note = "n"
    let nativeIgnoring = NativeCodableIgnoring()
    nativeIgnoring.note = "n"
    #expect(try json(ignoring) == renamed(json(nativeIgnoring)))
    let observed = CodableObserved()
    observed.level = 5
    let nativeObserved = NativeCodableObserved()
    nativeObserved.level = 5
    #expect(try json(observed) == renamed(json(nativeObserved)))
    #expect(try json(CodableInExtension()) == renamed(json(NativeCodableInExtension())))
  }

  @Test func decodesSwiftPerceptionsJSONAndWritesItBack() throws {
    let settings = try decode(CodableSettings.self, SwiftPerceptionFixtures.settings)
    #expect(settings.name == "a" && settings.count == 2)
    #expect(try json(settings) == SwiftPerceptionFixtures.settings)

    let base = try decode(CodableBase.self, SwiftPerceptionFixtures.base)
    #expect(base.title == "base" && base.flag)
    #expect(try json(base) == SwiftPerceptionFixtures.base)

    let box = try decode(CodableBox<Int>.self, SwiftPerceptionFixtures.box)
    #expect(box.value == 7 && box.values == [1, 2])
    #expect(try json(box) == SwiftPerceptionFixtures.box)

    let ignoring = try decode(CodableIgnoring.self, SwiftPerceptionFixtures.ignoring)
    #expect(ignoring.shown == 1 && ignoring.hidden == "h" && ignoring.note == "n")
    #expect(try json(ignoring) == SwiftPerceptionFixtures.ignoring)

    let observed = try decode(CodableObserved.self, SwiftPerceptionFixtures.observed)
    #expect(observed.changes == 1 && observed.level == 5)
    #expect(try json(observed) == SwiftPerceptionFixtures.observed)

    let inExtension = try decode(CodableInExtension.self, SwiftPerceptionFixtures.inExtension)
    #expect(inExtension.label == "x" && inExtension.score == 1.5)
    #expect(try json(inExtension) == SwiftPerceptionFixtures.inExtension)
  }

  /// The registrar is never decoded (its `let` has a value), so JSON without it decodes too.
  @Test func decodesWithoutTheRegistrarsKey() throws {
    let settings = try decode(CodableSettings.self, #"{"_count":3,"_name":"b"}"#)
    #expect(settings.name == "b" && settings.count == 3)
    #expect(try decode(DecodableOnly.self, #"{"_value":4}"#).value == 4)
    #expect(try json(EncodableOnly()) == #"{"_$perceptionRegistrar":{},"_value":1}"#)
  }

  @Test func aDecodedObjectsTrackingFires() throws {
    let settings = try decode(CodableSettings.self, SwiftPerceptionFixtures.settings)
    #expect(fires({ _ = settings.name }, when: { settings.name = "b" }))
    #expect(!fires({ _ = settings.name }, when: { settings.count += 1 }))
    let box = try decode(CodableBox<Int>.self, SwiftPerceptionFixtures.box)
    #expect(fires({ _ = box.values }, when: { box.values.append(3) }))
    let inExtension = try decode(CodableInExtension.self, SwiftPerceptionFixtures.inExtension)
    #expect(fires({ _ = inExtension.score }, when: { inExtension.score = 2 }))
  }

  @Test func didSetRunsOnADecodedObject() throws {
    let observed = try decode(CodableObserved.self, SwiftPerceptionFixtures.observed)
    #expect(fires({ _ = observed.level }, when: { observed.level = 6 }))
    #expect(observed.changes == 2)
  }

  @Test func aSubclassCodesAsItsBaseAndFires() throws {
    #expect(try json(CodableDerived()) == SwiftPerceptionFixtures.base)
    let derived = try decode(CodableDerived.self, SwiftPerceptionFixtures.base)
    #expect(fires({ _ = derived.title }, when: { derived.title = "derived" }))
  }
}
