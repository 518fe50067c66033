//! A block of `f32` lanes, four to a SIMD vector, with the few operations the turn solver needs.
//!
//! In wasm with `simd128` the vectors are named (`v128`), so every operation is one SIMD instruction whatever
//! the optimisation level: the app is built for size, which turns off the optimiser's own vectorising.
//! Elsewhere a vector is a plain `[f32; 4]`, which the optimiser vectorises itself (x86-64's SIMD intrinsics
//! are not safe to call here). The two give the same bits: each lane is one IEEE operation, in the same order.

/// Four lanes.
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod quad {
    use core::arch::wasm32::{
        f32x4, f32x4_add, f32x4_demote_f64x2_zero, f32x4_div, f32x4_extract_lane, f32x4_gt, f32x4_mul,
        f32x4_pmax, f32x4_splat, f64x2_add, f64x2_div, f64x2_mul, f64x2_promote_low_f32x4, f64x2_splat,
        i32x4_shuffle, v128, v128_bitselect,
    };

    #[derive(Clone, Copy)]
    pub(crate) struct Quad(v128);

    impl Quad {
        pub(crate) const ZERO: Quad = Quad(f32x4(0.0, 0.0, 0.0, 0.0));
        pub(crate) const NEG_INFINITY: Quad = Quad(f32x4(
            f32::NEG_INFINITY,
            f32::NEG_INFINITY,
            f32::NEG_INFINITY,
            f32::NEG_INFINITY,
        ));

        pub(crate) fn splat(value: f32) -> Quad {
            Quad(f32x4_splat(value))
        }

        pub(crate) fn from_fn(value: impl Fn(usize) -> f32) -> Quad {
            Quad(f32x4(value(0), value(1), value(2), value(3)))
        }

        pub(crate) fn lane(self, lane: usize) -> f32 {
            match lane {
                0 => f32x4_extract_lane::<0>(self.0),
                1 => f32x4_extract_lane::<1>(self.0),
                2 => f32x4_extract_lane::<2>(self.0),
                _ => f32x4_extract_lane::<3>(self.0),
            }
        }

        pub(crate) fn add(self, other: Quad) -> Quad {
            Quad(f32x4_add(self.0, other.0))
        }

        pub(crate) fn div(self, other: Quad) -> Quad {
            Quad(f32x4_div(self.0, other.0))
        }

        pub(crate) fn mul(self, other: Quad) -> Quad {
            Quad(f32x4_mul(self.0, other.0))
        }

        /// `other` where it is greater, `self` elsewhere.
        pub(crate) fn max(self, other: Quad) -> Quad {
            Quad(f32x4_pmax(self.0, other.0))
        }

        /// The lanes where `other` is greater than `self`.
        pub(crate) fn where_greater(self, other: Quad) -> Mask {
            Mask(f32x4_gt(other.0, self.0))
        }
    }

    /// A set of the four lanes.
    #[derive(Clone, Copy)]
    pub(crate) struct Mask(v128);

    impl Mask {
        /// `if_set` in the lanes of the set, `otherwise` elsewhere.
        pub(crate) fn pick(self, otherwise: Quad, if_set: Quad) -> Quad {
            Quad(v128_bitselect(if_set.0, otherwise.0, self.0))
        }
    }

    /// Four running sums in f64, as two vectors of two.
    #[derive(Clone, Copy)]
    pub(crate) struct Sum(v128, v128);

    impl Sum {
        pub(crate) fn zero() -> Sum {
            Sum(f64x2_splat(0.0), f64x2_splat(0.0))
        }

        /// Adds `quad * weight`, lane by lane, in f64.
        pub(crate) fn add_weighted(&mut self, quad: Quad, weight: f64) {
            let weight = f64x2_splat(weight);
            let high = i32x4_shuffle::<2, 3, 0, 1>(quad.0, quad.0);
            self.0 = f64x2_add(self.0, f64x2_mul(f64x2_promote_low_f32x4(quad.0), weight));
            self.1 = f64x2_add(self.1, f64x2_mul(f64x2_promote_low_f32x4(high), weight));
        }

        /// Each sum divided by `divisor`, rounded once to f32.
        pub(crate) fn divided_by(self, divisor: f64) -> Quad {
            let divisor = f64x2_splat(divisor);
            let low = f32x4_demote_f64x2_zero(f64x2_div(self.0, divisor));
            let high = f32x4_demote_f64x2_zero(f64x2_div(self.1, divisor));
            Quad(i32x4_shuffle::<0, 1, 4, 5>(low, high))
        }
    }
}

/// Four lanes.
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
mod quad {
    #[derive(Clone, Copy)]
    pub(crate) struct Quad([f32; 4]);

    impl Quad {
        pub(crate) const ZERO: Quad = Quad([0.0; 4]);
        pub(crate) const NEG_INFINITY: Quad = Quad([f32::NEG_INFINITY; 4]);

        pub(crate) fn splat(value: f32) -> Quad {
            Quad([value; 4])
        }

        pub(crate) fn from_fn(value: impl Fn(usize) -> f32) -> Quad {
            Quad(std::array::from_fn(value))
        }

        pub(crate) fn lane(self, lane: usize) -> f32 {
            self.0[lane]
        }

        #[inline(always)]
        pub(crate) fn add(self, other: Quad) -> Quad {
            Quad(std::array::from_fn(|lane| self.0[lane] + other.0[lane]))
        }

        #[inline(always)]
        pub(crate) fn div(self, other: Quad) -> Quad {
            Quad(std::array::from_fn(|lane| self.0[lane] / other.0[lane]))
        }

        #[inline(always)]
        pub(crate) fn mul(self, other: Quad) -> Quad {
            Quad(std::array::from_fn(|lane| self.0[lane] * other.0[lane]))
        }

        /// `other` where it is greater, `self` elsewhere (written as a comparison: one SIMD max).
        #[inline(always)]
        pub(crate) fn max(self, other: Quad) -> Quad {
            Quad(std::array::from_fn(|lane| match other.0[lane] > self.0[lane] {
                true => other.0[lane],
                false => self.0[lane],
            }))
        }

        /// The lanes where `other` is greater than `self`.
        #[inline(always)]
        pub(crate) fn where_greater(self, other: Quad) -> Mask {
            Mask(std::array::from_fn(|lane| {
                u32::from(other.0[lane] > self.0[lane]).wrapping_neg()
            }))
        }
    }

    /// A set of the four lanes: all ones in each lane of the set, as a SIMD comparison gives it (so that
    /// picking by it vectorises).
    #[derive(Clone, Copy)]
    pub(crate) struct Mask([u32; 4]);

    impl Mask {
        /// `if_set` in the lanes of the set, `otherwise` elsewhere.
        #[inline(always)]
        pub(crate) fn pick(self, otherwise: Quad, if_set: Quad) -> Quad {
            Quad(std::array::from_fn(|lane| {
                let set = self.0[lane];
                f32::from_bits(if_set.0[lane].to_bits() & set | otherwise.0[lane].to_bits() & !set)
            }))
        }
    }

    /// Four running sums in f64.
    #[derive(Clone, Copy)]
    pub(crate) struct Sum([f64; 4]);

    impl Sum {
        pub(crate) fn zero() -> Sum {
            Sum([0.0; 4])
        }

        /// Adds `quad * weight`, lane by lane, in f64.
        #[inline(always)]
        pub(crate) fn add_weighted(&mut self, quad: Quad, weight: f64) {
            for (sum, &value) in self.0.iter_mut().zip(&quad.0) {
                *sum += f64::from(value) * weight;
            }
        }

        /// Each sum divided by `divisor`, rounded once to f32.
        pub(crate) fn divided_by(self, divisor: f64) -> Quad {
            Quad(self.0.map(|sum| (sum / divisor) as f32))
        }
    }
}

use quad::{Mask, Quad, Sum};

/// `4 * Q` lanes.
#[derive(Clone, Copy)]
pub(crate) struct Lanes<const Q: usize>([Quad; Q]);

impl<const Q: usize> Lanes<Q> {
    pub(crate) const COUNT: usize = 4 * Q;
    pub(crate) const ZERO: Lanes<Q> = Lanes([Quad::ZERO; Q]);
    pub(crate) const NEG_INFINITY: Lanes<Q> = Lanes([Quad::NEG_INFINITY; Q]);

    pub(crate) fn splat(value: f32) -> Lanes<Q> {
        Lanes([Quad::splat(value); Q])
    }

    pub(crate) fn from_fn(value: impl Fn(usize) -> f32) -> Lanes<Q> {
        Lanes(std::array::from_fn(|quad| {
            Quad::from_fn(|lane| value(4 * quad + lane))
        }))
    }

    pub(crate) fn lane(&self, lane: usize) -> f32 {
        self.0[lane / 4].lane(lane % 4)
    }

    /// The `R * 4` lanes from lane `first` (a multiple of four).
    #[inline(always)]
    pub(crate) fn block<const R: usize>(&self, first: usize) -> Lanes<R> {
        Lanes(self.0[first / 4..first / 4 + R].try_into().expect("R vectors"))
    }

    #[inline(always)]
    pub(crate) fn plus(&self, points: f32) -> Lanes<Q> {
        let points = Quad::splat(points);
        self.each(|quad| quad.add(points))
    }

    #[inline(always)]
    pub(crate) fn add(&self, other: &Lanes<Q>) -> Lanes<Q> {
        self.zip(other, Quad::add)
    }

    #[inline(always)]
    pub(crate) fn divided_by(&self, divisor: f32) -> Lanes<Q> {
        let divisor = Quad::splat(divisor);
        self.each(|quad| quad.div(divisor))
    }

    #[inline(always)]
    pub(crate) fn times(&self, factor: f32) -> Lanes<Q> {
        let factor = Quad::splat(factor);
        self.each(|quad| quad.mul(factor))
    }

    /// Lane by lane, the greater of the two (this one on ties).
    #[inline(always)]
    pub(crate) fn max(&self, other: &Lanes<Q>) -> Lanes<Q> {
        self.zip(other, Quad::max)
    }

    /// The lanes where `other` is greater than this (not on ties).
    #[inline(always)]
    pub(crate) fn where_greater(&self, other: &Lanes<Q>) -> LaneSet<Q> {
        LaneSet(std::array::from_fn(|quad| {
            self.0[quad].where_greater(other.0[quad])
        }))
    }

    #[inline(always)]
    fn each(&self, operation: impl Fn(Quad) -> Quad) -> Lanes<Q> {
        Lanes(self.0.map(operation))
    }

    #[inline(always)]
    fn zip(&self, other: &Lanes<Q>, operation: impl Fn(Quad, Quad) -> Quad) -> Lanes<Q> {
        Lanes(std::array::from_fn(|quad| operation(self.0[quad], other.0[quad])))
    }
}

/// A set of the `4 * Q` lanes: one comparison, to pick by in several vectors.
#[derive(Clone, Copy)]
pub(crate) struct LaneSet<const Q: usize>([Mask; Q]);

impl<const Q: usize> LaneSet<Q> {
    /// Lane by lane: `if_set` in the lanes of the set, `otherwise` elsewhere.
    #[inline(always)]
    pub(crate) fn pick(&self, otherwise: &Lanes<Q>, if_set: &Lanes<Q>) -> Lanes<Q> {
        Lanes(std::array::from_fn(|quad| {
            self.0[quad].pick(otherwise.0[quad], if_set.0[quad])
        }))
    }
}

/// `4 * Q` running sums in f64, for means too long to add up in f32.
pub(crate) struct Sums<const Q: usize>([Sum; Q]);

impl<const Q: usize> Sums<Q> {
    pub(crate) fn zero() -> Sums<Q> {
        Sums([Sum::zero(); Q])
    }

    /// Adds `lanes * weight`, lane by lane.
    #[inline(always)]
    pub(crate) fn add_weighted(&mut self, lanes: &Lanes<Q>, weight: f64) {
        for (sum, &quad) in self.0.iter_mut().zip(&lanes.0) {
            sum.add_weighted(quad, weight);
        }
    }

    /// Each sum divided by `divisor`, rounded once to f32.
    pub(crate) fn divided_by(&self, divisor: f64) -> Lanes<Q> {
        Lanes(self.0.map(|sum| sum.divided_by(divisor)))
    }
}
