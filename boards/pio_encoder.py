"""RP2040: a quadrature counter that runs entirely in a PIO state machine.

The state machine samples both pins every few cycles and keeps the count in Y, so no edge is
lost to slow Python or to interrupts being off while flash is written. It is a computed jump
into a table: ISR = old state << 2 | new state (the STEPS table of lockdown/quadrature.py),
as in the pico-examples quadrature_encoder. Computed jumps need the program at address 0; it
is padded to all 32 instructions, so the loader can only put it there (two encoders share
it). A and B must be consecutive GPIOs (A, A + 1). The count starts at BIAS so that it stays
a small int on MicroPython for any realistic turning.
"""
# pyright: reportUndefinedVariable=false
# (jmp, mov, label, y, isr... are names rp2.asm_pio injects while it runs the program: the stubs
# cannot declare them, so pyright finds them undefined; every other check stays on.)
import rp2

BIAS = 1 << 29


@rp2.asm_pio(in_shiftdir=rp2.PIO.SHIFT_LEFT, out_shiftdir=rp2.PIO.SHIFT_RIGHT)
def quadrature():  # jmp, mov, label... come from the PIO assembler
    jmp("update")  # 0: 00 -> 00
    jmp("increment")  # 1: 00 -> A
    jmp("decrement")  # 2: 00 -> B
    jmp("update")  # 3: both changed: ignored
    jmp("decrement")  # 4: A -> 00
    jmp("update")  # 5
    jmp("update")  # 6: both changed
    jmp("increment")  # 7: A -> AB
    jmp("increment")  # 8: B -> 00
    jmp("update")  # 9: both changed
    jmp("update")  # 10
    jmp("decrement")  # 11: B -> AB
    jmp("update")  # 12: both changed
    jmp("decrement")  # 13: AB -> A
    jmp("increment")  # 14: AB -> B
    jmp("update")  # 15
    label("decrement")
    jmp(y_dec, "update")  # Y - 1, whatever Y was
    wrap_target()
    label("update")
    mov(isr, y)  # offer the count; dropped while the FIFO is full
    push(noblock)
    out(isr, 2)  # ISR = the old state (kept in OSR) ...
    in_(pins, 2)  # ... << 2 | the new state
    mov(osr, isr)
    mov(pc, isr)
    label("increment")  # Y + 1 is ~(~Y - 1)
    mov(y, invert(y))
    jmp(y_dec, "increment_y")
    label("increment_y")
    mov(y, invert(y))
    wrap()
    nop()  # padding to 32 instructions, never run
    nop()
    nop()
    nop()
    nop()
    nop()


class PioEncoder:
    """A running count from state machine `sm_id` decoding pins A = `pin_a`, B = `pin_a` + 1."""

    def __init__(self, sm_id, pin_a):
        sm = rp2.StateMachine(sm_id, quadrature, in_base=pin_a)
        sm.put(BIAS)
        sm.exec("pull()")
        sm.exec("mov(y, osr)")  # OSR's low bits, the assumed old state, are 00
        sm.active(1)
        self._sm = sm

    def value(self):
        """The count: drains the FIFO's stale entries and waits a few cycles for a fresh one."""
        sm = self._sm
        n = sm.rx_fifo()
        while n:
            sm.get()
            n -= 1
        return sm.get() - BIAS
