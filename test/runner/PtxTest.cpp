// The PTX reader on PTX written for this test in the shape NVIDIA's OpenCL driver returns:
// a module with two kernels, comments, .loc lines, labels, guards, a scoped block, vector
// operands and an opcode with "::".
#include "Ptx.h"

#include "CaseText.h"
#include "CompiledCode.h"

#include <gtest/gtest.h>

using namespace cllint::runner;

namespace {

constexpr const char *Header = R"(//
// Written by hand for cllint's tests, in the layout of a driver's PTX
//

.version 8.5
.target sm_90, texmode_independent
.address_size 64

)";

// out[i] = in[i] * 0.5 + 1e-3 with double literals: the float goes through double.
constexpr const char *BlendDouble = R"(	// .globl	blend
.entry blend(
	.param .u64 .ptr .global .align 4 blend_param_0,
	.param .u64 .ptr .global .align 4 blend_param_1,
	.param .u32 blend_param_2
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<4>;
	.reg .b32 	%r<6>;
	.reg .f64 	%fd<4>;
	.reg .b64 	%rd<8>;

	.loc	1 9 0
	ld.param.u64 	%rd1, [blend_param_0];
	ld.param.u64 	%rd2, [blend_param_1];
	ld.param.u32 	%r2, [blend_param_2];
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r3, %r4, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB0_2;

	.loc	1 10 3
	cvta.to.global.u64 	%rd3, %rd1;
	mul.wide.s32 	%rd4, %r1, 4;
	add.s64 	%rd5, %rd3, %rd4;
	ld.global.f32 	%f1, [%rd5];
	cvt.f64.f32 	%fd1, %f1;
	/* x * 0.5 + 1e-3, in double */
	fma.rn.f64 	%fd2, %fd1, 0d3FE0000000000000, 0d3F50624DD2F1A9FC;
	cvt.rn.f32.f64 	%f2, %fd2;
	cvta.to.global.u64 	%rd6, %rd2;
	add.s64 	%rd7, %rd6, %rd4;
	st.global.f32 	[%rd7], %f2;

$L__BB0_2:
	ret;

}
)";

// The same with 0.5f and 1e-3f.
constexpr const char *BlendFloat = R"(.visible .entry blend(
	.param .u64 .ptr .global .align 4 blend_param_0,
	.param .u64 .ptr .global .align 4 blend_param_1,
	.param .u32 blend_param_2
)
{
	.reg .pred 	%p<2>;
	.reg .f32 	%f<4>;
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<8>;

	ld.param.u64 	%rd1, [blend_param_0];
	ld.param.u64 	%rd2, [blend_param_1];
	ld.param.u32 	%r2, [blend_param_2];
	mov.u32 	%r3, %ctaid.x;
	mov.u32 	%r4, %ntid.x;
	mov.u32 	%r5, %tid.x;
	mad.lo.s32 	%r1, %r3, %r4, %r5;
	setp.ge.s32 	%p1, %r1, %r2;
	@%p1 bra 	$L__BB0_2;

	cvta.to.global.u64 	%rd3, %rd1;
	mul.wide.s32 	%rd4, %r1, 4;
	add.s64 	%rd5, %rd3, %rd4;
	ld.global.f32 	%f1, [%rd5];
	fma.rn.f32 	%f2, %f1, 0f3F000000, 0f3A83126F;
	cvta.to.global.u64 	%rd6, %rd2;
	add.s64 	%rd7, %rd6, %rd4;
	st.global.f32 	[%rd7], %f2;

$L__BB0_2:
	ret;

}
)";

// Integer division and remainder, and the statement shapes a parser trips over.
constexpr const char *Reduce = R"(
	// .globl	reduce
.entry reduce(
	.param .u64 .ptr .global .align 16 reduce_param_0,
	.param .u32 reduce_param_1
)
.maxntid 256, 1, 1
{
	.reg .pred 	%p<3>;
	.reg .b32 	%r<9>;
	.reg .b64 	%rd<4>;
	.reg .f32 	%f<5>;

	ld.param.u64 	%rd1, [reduce_param_0];
	ld.param.u32 	%r1, [reduce_param_1];
	mov.u32 	%r2, %tid.x;
	div.s32 	%r3, %r2, %r1;
	rem.s32 	%r4, %r2, %r1;
	ld.global.L1::no_allocate.v4.f32 	{%f1, %f2, %f3, %f4}, [%rd1];
	{ // a scoped block
	.reg .b16 	%tmp;
	mov.b32 	{%tmp, %rs1}, %r4;
	}
$L__BB1_1: add.s32 %r5, %r3, %r4; bar.sync 0;
	@!%p2 bra.uni 	$L__BB1_1;
	ret;
}
)";

std::string module(std::initializer_list<const char *> kernels) {
  std::string text = Header;
  for (const char *kernel : kernels)
    text += kernel;
  return text;
}

} // namespace

TEST(Ptx, RecognisesPtxText) {
  EXPECT_TRUE(isPtx(module({BlendDouble})));
  EXPECT_TRUE(isPtx(".version 7.0\n.target sm_80\n.entry k(\n)\n{\nret;\n}\n"));
  EXPECT_FALSE(isPtx(std::string("\x7f"
                                 "ELF\x02\x01\x01\0\0\0",
                                 10)));
  EXPECT_FALSE(isPtx("BC\xc0\xde\x35\x14"));
  EXPECT_FALSE(isPtx(""));
  EXPECT_FALSE(isPtx("poclbin 1 a cached kernel"));
}

TEST(Ptx, CountsTheInstructionsOfTheKernelsEntry) {
  const std::optional<CodeCounts> counts = countPtxKernel(module({BlendDouble, Reduce}), "blend");
  ASSERT_TRUE(counts);
  EXPECT_EQ(counts->instructions, 20u);
  EXPECT_EQ(counts->f64, 3u);         // cvt.f64.f32, fma.rn.f64, cvt.rn.f32.f64
  EXPECT_EQ(counts->conversions, 2u); // cvta is an address conversion, not counted
  EXPECT_EQ(counts->divisions, 0u);
  EXPECT_EQ(counts->opcodes.at("ld.param.u64"), 2u);
  EXPECT_EQ(counts->opcodes.at("mov.u32"), 3u);
  EXPECT_EQ(counts->opcodes.at("bra"), 1u); // behind a guard
  EXPECT_EQ(counts->opcodes.at("ret"), 1u); // after a label
  EXPECT_EQ(counts->opcodes.at("fma.rn.f64"), 1u);
  EXPECT_EQ(counts->opcodes.count(".loc"), 0u);

  const std::optional<CodeCounts> fixed = countPtxKernel(module({BlendFloat}), "blend");
  ASSERT_TRUE(fixed);
  EXPECT_EQ(fixed->instructions, 18u);
  EXPECT_EQ(fixed->f64, 0u);
  EXPECT_EQ(fixed->conversions, 0u);
}

TEST(Ptx, StatementsInBlocksOnOneLineAndAfterLabels) {
  const std::optional<CodeCounts> counts = countPtxKernel(module({BlendDouble, Reduce}), "reduce");
  ASSERT_TRUE(counts);
  EXPECT_EQ(counts->instructions, 11u);
  EXPECT_EQ(counts->divisions, 2u);
  EXPECT_EQ(counts->f64, 0u);
  EXPECT_EQ(counts->opcodes.at("ld.global.L1::no_allocate.v4.f32"), 1u);
  EXPECT_EQ(counts->opcodes.at("mov.b32"), 1u); // inside the scoped block
  EXPECT_EQ(counts->opcodes.at("add.s32"), 1u); // after a label on its line
  EXPECT_EQ(counts->opcodes.at("bar.sync"), 1u);
  EXPECT_EQ(counts->opcodes.at("bra.uni"), 1u);
}

TEST(Ptx, OnlyTheNamedEntry) {
  const std::string ptx = module({BlendDouble, Reduce});
  EXPECT_FALSE(countPtxKernel(ptx, "blen"));  // a prefix of a kernel's name
  EXPECT_FALSE(countPtxKernel(ptx, "globl")); // named in a comment only
  EXPECT_FALSE(countPtxKernel(ptx, "missing"));
  EXPECT_FALSE(countPtxKernel(".entry cut(\n.param .u32 a\n)\n{\nret;\n", "cut")); // no '}'
}

TEST(Ptx, DiffOfTwoKernels) {
  CompiledCode code{"ptx", *countPtxKernel(module({BlendDouble}), "blend"),
                    *countPtxKernel(module({BlendFloat}), "blend")};
  EXPECT_EQ(codeCountsText(code), "20 → 18 instructions (f64 3 → 0, cvt 2 → 0, div/rem 0 → 0)");
  using Items = std::vector<std::string>;
  EXPECT_EQ(opcodeChanges(code, 10), (Items{"cvt.f64.f32 1 → 0", "cvt.rn.f32.f64 1 → 0",
                                            "fma.rn.f64 1 → 0", "fma.rn.f32 0 → 1"}));
  EXPECT_EQ(opcodeChanges(code, 2),
            (Items{"cvt.f64.f32 1 → 0", "cvt.rn.f32.f64 1 → 0", "and 2 more"}));
  EXPECT_EQ(codeFormatName(code), "PTX");
  code.after = code.before;
  EXPECT_TRUE(opcodeChanges(code, 10).empty());
}

TEST(Ptx, FileNamesFromCaseIds) {
  EXPECT_EQ(ptxFileStem("axpby_blend.cl:14:30:arith-double-literal"),
            "axpby_blend.cl_14_30_arith-double-literal");
  EXPECT_EQ(ptxFileStem("../x/y#2"), ".._x_y_2");
}
