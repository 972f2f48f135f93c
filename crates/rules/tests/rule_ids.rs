//! The rules a refusal names: each reads as its ID in the rules reference and back.

use redline_rules::Rule;

#[test]
fn each_rule_reads_as_its_id_and_back() {
    assert_eq!(Rule::Move4.to_string(), "MOVE-4");
    assert_eq!(Rule::Open45.id(), "OPEN-45");
    for &rule in Rule::ALL {
        assert_eq!(Rule::from_id(rule.id()), Some(rule), "{rule}");
    }
    assert_eq!(Rule::from_id("MOVE-999"), None);
}

#[test]
fn each_variant_is_named_after_its_id() {
    for &rule in Rule::ALL {
        let (section, number) = rule.id().split_once('-').expect("SECTION-N");
        let mut name = section[..1].to_owned();
        name.push_str(&section[1..].to_ascii_lowercase());
        name.push_str(number);
        assert_eq!(format!("{rule:?}"), name);
    }
}

#[test]
fn each_rule_is_in_the_rules_reference() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rules");
    let mut reference = String::new();
    for entry in std::fs::read_dir(dir).expect("docs/rules") {
        reference += &std::fs::read_to_string(entry.expect("entry").path()).expect("page");
    }
    for &rule in Rule::ALL {
        let heading = format!("**{}**", rule.id());
        assert!(reference.contains(&heading), "{rule} is not in docs/rules/");
    }
}
