import Testing
import KeepsakeSupport

@Suite struct PasswordPolicyTests {
    @Test func tenCharactersAreEnoughAndNineAreNotWithAMessageThatSaysTheRule() throws {
        try PasswordPolicy.standard.check("0123456789")
        let error = passwordError { try PasswordPolicy.standard.check("012345678") }
        #expect(error?.kind == .tooShort)
        #expect(error?.message.contains("at least 10 characters; this one has 9") == true, "\(error?.message ?? "")")
        #expect(error?.message.contains("012345678") == false, "the message never repeats the password")
        #expect(passwordError { try PasswordPolicy.standard.check("") }?.kind == .tooShort)
    }

    @Test func charactersAreCountedAsAPersonCountsThem() throws {
        // Ten Korean syllables (30 bytes) are ten characters; "e" + a combining accent is one.
        try PasswordPolicy.standard.check("가나다라마바사아자차")
        #expect(passwordError { try PasswordPolicy.standard.check("cafe\u{301}cafe\u{301}c") }?.kind == .tooShort)
        #expect(passwordError { try PasswordPolicy.standard.check("👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦👩‍👩‍👧‍👦") }?.kind == .tooShort,
                "five family emoji are five characters, whatever their bytes")
    }

    @Test func atMost256BytesOfUTF8() throws {
        try PasswordPolicy.standard.check(String(repeating: "a", count: 256))
        let error = passwordError { try PasswordPolicy.standard.check(String(repeating: "a", count: 257)) }
        #expect(error?.kind == .tooLong)
        #expect(error?.message.contains("at most 256 bytes in UTF-8; this one has 257") == true, "\(error?.message ?? "")")
        // 86 Korean syllables are 86 characters but 258 bytes.
        #expect(passwordError { try PasswordPolicy.standard.check(String(repeating: "한", count: 86)) }?.kind == .tooLong)
        try PasswordPolicy.standard.check(String(repeating: "한", count: 85))
    }
}
