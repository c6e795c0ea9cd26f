# Writes the macro bombs of expansion-limit.test into the directory given.
import os
import sys

d = sys.argv[1]
os.makedirs(d, exist_ok=True)


def write(name, text):
    with open(os.path.join(d, name), "w") as f:
        f.write(text)


# Each macro ten copies of the one before: 10^30 tokens from 31 lines.
tens = "#define A0 x+x+x+x+x+x+x+x+x+x\n" + "".join(
    "#define A%d %s\n" % (i, "+".join(["A%d" % (i - 1)] * 10)) for i in range(1, 30))
write("tens.cl", tens + "__kernel void k(__global int *o) { int x = 1; o[0] = (A29); }\n")
# An argument copied twice per level, 28 levels: 2^28 tokens that grow inside the
# preprocessor's argument expansion before the parser sees any.
nested = "y"
for _ in range(28):
    nested = "D(" + nested + ")"
write("doubling.cl", "#define D(x) x+x\n__kernel void k(__global int *o) { int y = 1; o[0] = " +
      nested + "; }\n")
# The bomb in a header, set off by an #if in the #include block.
write("bomb.h", tens + "#if A29\n#endif\n")
write("in-header.cl", '#include "bomb.h"\n__kernel void k(__global int *o) { o[0] = 1; }\n')
