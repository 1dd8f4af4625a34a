/* The entry point of the tool the wheel carries (xyzalert/bin/xyzalert;
 * `make wheel`, docs/install.md "Installing"), which must start on glibc
 * 2.17, the wheel's floor. A program's usual entry point (Scrt1.o) calls
 * __libc_start_main under the version glibc 2.34 gave it, so a tool linked
 * with it starts on 2.34 and newer only. This one (linked with
 * -nostartfiles) calls the version every glibc since 2.2.5 keeps. It
 * passes its own `init`, which runs the program's constructors as the old
 * entry point's __libc_csu_init did: glibc before 2.34 runs them only
 * through `init`, and 2.34 and newer run `init` instead of running them
 * itself when one is given. The rest of the tool is the same C as the
 * installed tool's (Sources/xyzalert-cli). x86_64 only, as the wheel. */
#include <stddef.h>

int main(int argc, char **argv, char **environment);

int xyz_old_libc_start_main(int (*main)(int, char **, char **), int argc, char **argv,
                            void (*init)(int, char **, char **), void (*fini)(void), void (*rtld_fini)(void),
                            void *stack_end);
__asm__(".symver xyz_old_libc_start_main, __libc_start_main@GLIBC_2.2.5");

/* Bounds of the program's constructor arrays (the linker defines them). */
typedef void (*constructor)(int, char **, char **);
extern constructor __preinit_array_start[] __attribute__((visibility("hidden")));
extern constructor __preinit_array_end[] __attribute__((visibility("hidden")));
extern constructor __init_array_start[] __attribute__((visibility("hidden")));
extern constructor __init_array_end[] __attribute__((visibility("hidden")));

__attribute__((visibility("hidden"))) void xyz_run_constructors(int argc, char **argv, char **environment) {
    for (constructor *c = __preinit_array_start; c < __preinit_array_end; c++) (*c)(argc, argv, environment);
    for (constructor *c = __init_array_start; c < __init_array_end; c++) (*c)(argc, argv, environment);
}

/* The kernel starts the program here with argc, argv and the environment
 * on the stack and the dynamic linker's finalizer in %rdx; the x86_64
 * System V ABI's start sequence hands them to __libc_start_main with the
 * stack aligned to 16 bytes. */
__asm__(".text\n"
        ".globl _start\n"
        ".type _start, @function\n"
        "_start:\n"
        "    xorl %ebp, %ebp\n"                       /* the outermost frame */
        "    movq %rdx, %r9\n"                        /* rtld_fini */
        "    popq %rsi\n"                             /* argc */
        "    movq %rsp, %rdx\n"                       /* argv */
        "    andq $-16, %rsp\n"
        "    pushq %rax\n"                            /* (alignment) */
        "    pushq %rsp\n"                            /* stack_end */
        "    xorl %r8d, %r8d\n"                       /* fini: none (the dynamic linker runs destructors) */
        "    leaq xyz_run_constructors(%rip), %rcx\n" /* init */
        "    leaq main(%rip), %rdi\n"
        "    call xyz_old_libc_start_main@PLT\n"
        "    hlt\n"
        ".size _start, . - _start\n");
