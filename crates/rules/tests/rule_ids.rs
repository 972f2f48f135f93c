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
    let docs = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs");
    let mut reference = String::new();
    // The core's reference, and the optional modules' (MOD-4, MOD-6 refusals).
    for dir in ["rules", "modules"] {
        for entry in std::fs::read_dir(format!("{docs}/{dir}")).expect("docs folder") {
            reference += &std::fs::read_to_string(entry.expect("entry").path()).expect("page");
        }
    }
    for &rule in Rule::ALL {
        let heading = format!("**{}**", rule.id());
        assert!(
            reference.contains(&heading),
            "{rule} is not in docs/rules/ or docs/modules/"
        );
    }
}
