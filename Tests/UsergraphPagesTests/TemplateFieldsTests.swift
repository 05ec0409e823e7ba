import Testing
@testable import UsergraphPages

/// A page's keys are written once, in its fields: the template's dictionary and the schema the
/// template check reads both come from them.
@Suite struct TemplateFieldsTests {
    struct Person {
        var name: String
        var bio: String?
        var pets: [String]
    }

    static let pet = TemplateFields<String>([.text("name") { $0 }, .flag("isCat") { $0 == "Tom" }])

    static let person = TemplateFields<Person>([
        .text("name") { $0.name },
        .text("bio?") { nonEmpty($0.bio) },
        .int("petCount") { $0.pets.count },
        .list("pets", pet) { $0.pets },
        .object("firstPet?", pet) { $0.pets.first },
    ])

    @Test func theContextHoldsEachKeyWithItsValue() {
        let context = Self.person.context(Person(name: "Anna", bio: "Runs", pets: ["Tom", "Rex"]))
        #expect(Set(context.keys) == ["name", "bio", "petCount", "pets", "firstPet"])
        #expect(context["name"] as? String == "Anna")
        #expect(context["bio"] as? String == "Runs")
        #expect(context["petCount"] as? Int == 2)
        let pets = context["pets"] as? [[String: Any]]
        #expect(pets?.map { $0["name"] as? String } == ["Tom", "Rex"])
        #expect(pets?.map { $0["isCat"] as? Bool } == [true, false])
        #expect((context["firstPet"] as? [String: Any])?["name"] as? String == "Tom")
    }

    @Test func anOptionalKeyWithNothingToSayIsLeftOut() {
        let context = Self.person.context(Person(name: "Anna", bio: "", pets: []))
        #expect(Set(context.keys) == ["name", "petCount", "pets"])
        #expect((context["pets"] as? [[String: Any]])?.isEmpty == true)
    }

    @Test func theSchemaHasTheSameKeysKindsAndOptionality() {
        let schema = Self.person.schema
        #expect(Set(schema.fields.keys) == ["name", "bio", "petCount", "pets", "firstPet"])
        #expect(schema.fields["bio"]?.optional == true)
        #expect(schema.fields["name"]?.optional == false)
        if case .int = schema["petCount"] {} else { Issue.record("petCount is an int") }
        guard case .list(let item) = schema["pets"] else {
            Issue.record("pets is a list")
            return
        }
        #expect(Set(item.fields.keys) == ["name", "isCat"])
        if case .object(let inner) = schema["firstPet"] { #expect(Set(inner.fields.keys) == ["name", "isCat"]) } else { Issue.record("firstPet is an object") }
    }

    @Test func fieldsReadThroughAnOuterModelAndAdd() {
        struct Page { var owner: Person; var title: String }
        let page = Self.person.reading { (page: Page) in page.owner } + TemplateFields<Page>([.text("title") { $0.title }])
        let context = page.context(Page(owner: Person(name: "Anna", bio: nil, pets: ["Rex"]), title: "Home"))
        #expect(Set(context.keys) == ["name", "petCount", "pets", "firstPet", "title"])
        #expect(context["title"] as? String == "Home")
        #expect(context["name"] as? String == "Anna")
        #expect(Set(page.schema.fields.keys) == ["name", "bio", "petCount", "pets", "firstPet", "title"])
    }
}
