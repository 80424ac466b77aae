/// A type a generated property may have, with the expressions that make values of it.
struct FuzzType {
  /// The type as written in an annotation.
  var name: String
  /// Initial values, some with strings, interpolation, closures and comments.
  var initialValues: [String]
  /// A value that differs from every initial value.
  var newValue: String
  /// An in-place mutation through `_modify`, such as `.append(1)`, written after the property.
  var mutation: String?
  /// Whether the type can be the type of a `static let` in Swift 6 mode.
  var isSendable = true
  /// Whether the type is declared inside the class, so that it cannot appear in a public property.
  var isNested = false
  /// Whether the type mentions the class's generic parameter `T`.
  var isGeneric = false
  /// Whether the type is `Codable`, so that a class whose stored properties all are can declare
  /// `Codable` and synthesize its coding.
  var isCodable: Bool {
    ["Int", "String", "[Int]", "Dictionary<String, Array<Int>>", "Int?"].contains(name)
  }

  static let all: [FuzzType] = [
    FuzzType(
      name: "Int",
      initialValues: [
        "0", "1 + 2", "-3 + 0", "0x10 /* hex */", "[1, 2].count",
        "{ () -> Int in\n    return 5\n  }()",
      ],
      newValue: "41", mutation: " += 1"),
    FuzzType(
      name: "String",
      initialValues: [
        #""""#, #""a \(1 + 2) b""#, #""// not a comment /* either */""#, ##"#"raw \(x) "q""#"##,
        #""nested \("in\(1)ner") }""#, "\"\"\"\n    multi { line\n    \"\"\"",
        ##""#if X @available(*, deprecated) }""##,
      ],
      newValue: #""w""#, mutation: #".append("x")"#),
    FuzzType(
      name: "[Int]",
      initialValues: ["[]", "[1, 2]", "[1, 2].map { $0 * 2 }", "[3].filter { x in x > 1 }"],
      newValue: "[7]", mutation: ".append(1)"),
    FuzzType(
      name: "Dictionary<String, Array<Int>>", initialValues: ["[:]", #"["k": [1], "l": []]"#],
      newValue: #"["n": []]"#, mutation: #"["z"] = [1]"#),
    FuzzType(
      name: "Int?", initialValues: ["nil", "5", "Optional(6)"], newValue: "9", mutation: nil),
    FuzzType(
      name: "() -> Int", initialValues: ["{ 1 }", "{ /* c */ 2 }", "{ () -> Int in 3 }"],
      newValue: "{ 4 }", mutation: nil, isSendable: false),
    FuzzType(
      name: "(Int) -> String", initialValues: [#"{ "\($0)" }"#, "{ x in String(x) }"],
      newValue: #"{ _ in "n" }"#, mutation: nil, isSendable: false),
    FuzzType(
      name: "(Int, String)", initialValues: [#"(1, "a")"#], newValue: #"(2, "b")"#,
      mutation: ".0 += 1"),
    FuzzType(
      name: "Inner", initialValues: ["Inner()", ".init(a: 2)"], newValue: "Inner(a: 5)",
      mutation: ".a += 1", isNested: true),
    FuzzType(
      name: "Ref", initialValues: ["Ref()"], newValue: "Ref()", mutation: nil, isSendable: false,
      isNested: true),
    FuzzType(
      name: "Ref?", initialValues: ["nil", "Ref()"], newValue: "Ref()", mutation: nil,
      isSendable: false, isNested: true),
  ]

  /// Types for a generic class, whose probe uses `T == Int`.
  static let generic: [FuzzType] = [
    FuzzType(
      name: "T?", initialValues: ["nil"], newValue: "3", mutation: nil, isSendable: false,
      isGeneric: true),
    FuzzType(
      name: "[T]", initialValues: ["[]", "[T]()"], newValue: "[1]", mutation: ".append(2)",
      isSendable: false, isGeneric: true),
  ]
}
