//! Units: bases are sized in millimetres on the cards, everything else is measured in inches.

use redline_battlespace::{BASE_27MM_RADIUS, MM_PER_INCH, ModelBase, inches_from_mm};

#[test]
fn gen_3_a_base_given_in_millimetres_measures_in_inches() {
    assert_eq!(inches_from_mm(MM_PER_INCH), 1.0);
    let standard = ModelBase::on_base(1, 0, [2.0, 0.0, 3.0], 27.0);
    assert_eq!(standard.radius, BASE_27MM_RADIUS); // GEN-3: the standard 27 mm base
    assert_eq!(standard, ModelBase::new(1, 0, [2.0, 0.0, 3.0]));
    let large = ModelBase::on_base(2, 1, [0.0; 3], 50.8);
    assert!((large.radius - 1.0).abs() < 1e-6, "{}", large.radius);
}
