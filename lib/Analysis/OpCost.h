// What one operation of kernel code costs a warp, in the classes a GPU issues them in: plain
// ALU instructions, fp64 operations, conversions between float and double, and special-function
// (transcendental) instructions. Counted per node of the AST, children excluded; the device
// profile turns the counts into cycles (KernelCost).
#pragma once

namespace clang {
class ASTContext;
class ForStmt;
class Stmt;
} // namespace clang

namespace cllint::analysis {

struct OpCounts {
  double Alu = 0;     // integer and fp32 instructions, address arithmetic, compares
  double Fp64 = 0;    // double-precision arithmetic
  double Convert = 0; // float <-> double conversions (quarter rate or slower)
  double Special = 0; // transcendental instructions (sin, exp, rsqrt, ...)

  OpCounts &operator+=(const OpCounts &O) {
    Alu += O.Alu;
    Fp64 += O.Fp64;
    Convert += O.Convert;
    Special += O.Special;
    return *this;
  }
  OpCounts scaled(double K) const { return {Alu * K, Fp64 * K, Convert * K, Special * K}; }
  OpCounts operator+(const OpCounts &O) const {
    return {Alu + O.Alu, Fp64 + O.Fp64, Convert + O.Convert, Special + O.Special};
  }
  OpCounts operator-(const OpCounts &O) const {
    return {Alu - O.Alu, Fp64 - O.Fp64, Convert - O.Convert, Special - O.Special};
  }
  bool empty() const { return Alu == 0 && Fp64 == 0 && Convert == 0 && Special == 0; }
};

// Instructions one lane issues for S itself (not its children). Memory traffic is counted
// separately, per access; a load or store here costs its issue slot only.
OpCounts opCost(const clang::Stmt *S, const clang::ASTContext &Ctx);
// `for (k = 0; k < 16; ++k)`: a counter from a constant to a constant by a constant step.
bool hasConstantBounds(const clang::ForStmt &S, const clang::ASTContext &Ctx);

// Bytes one lane moves through S when it is an image read or write (`read_imagef`: the 16-B
// texel, `write_imageh`: 8 B), else 0: image traffic is memory time the kernel spends beside
// its buffers'.
double imageBytes(const clang::Stmt *S, const clang::ASTContext &Ctx);

} // namespace cllint::analysis
