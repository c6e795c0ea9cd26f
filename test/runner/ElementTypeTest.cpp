#include "cllint/Verify/Runner/ElementType.h"

#include <gtest/gtest.h>

using namespace cllint::runner;

TEST(ElementType, ParsesScalarsAndVectors) {
  auto f = parseElementType("float");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->scalar, ScalarKind::Float);
  EXPECT_EQ(f->width, 1u);
  EXPECT_EQ(f->size(), 4u);

  auto u4 = parseElementType("uchar4");
  ASSERT_TRUE(u4);
  EXPECT_EQ(u4->scalar, ScalarKind::UChar);
  EXPECT_EQ(u4->size(), 4u);
  EXPECT_EQ(u4->name(), "uchar4");

  auto d16 = parseElementType("double16");
  ASSERT_TRUE(d16);
  EXPECT_EQ(d16->size(), 128u);

  auto h = parseElementType("half2");
  ASSERT_TRUE(h);
  EXPECT_EQ(h->size(), 4u);
  EXPECT_TRUE(h->isFloating());
}

TEST(ElementType, ThreeVectorsTakeTheSpaceOfFour) {
  auto f3 = parseElementType("float3");
  ASSERT_TRUE(f3);
  EXPECT_EQ(f3->width, 3u);
  EXPECT_EQ(f3->storedWidth(), 4u);
  EXPECT_EQ(f3->size(), 16u);
  EXPECT_EQ(parseElementType("short3")->size(), 8u);
}

TEST(ElementType, Signedness) {
  EXPECT_TRUE(parseElementType("char")->isSigned());
  EXPECT_FALSE(parseElementType("uint")->isSigned());
  EXPECT_FALSE(parseElementType("ulong2")->isFloating());
}

TEST(ElementType, RejectsWhatOpenCLDoesNotHave) {
  for (const char *bad : {"", "4", "float5", "int0", "int1", "floatx", "Float", "int 4", "float32",
                          "size_t", "bool", "uchar04x"})
    EXPECT_FALSE(parseElementType(bad)) << bad;
}
