# The firmware's linker script: the linker's own for the AVR family
# (avr-ld --verbose prints it between two lines of '='), with the code
# sections named in the order file (tools/mk/link_order.py) placed first,
# in that order, ahead of its *(.text.*).
#   avr-ld -mavr5 --verbose | awk -v order=FILE -f link_script.awk
/^==================================================/ { inside = !inside; next }
!inside { next }
!placed && /^[ \t]*\*\(\.text\.\*\)[ \t]*$/ {
  while ((getline line < order) > 0)
    if (line !~ /^#/ && line ~ /[^ \t]/)
      printf "     *(%s)\n", line
  close(order)
  placed = 1
}
{ print }
END {
  if (!placed) {
    print "link_script.awk: no *(.text.*) in the linker's script" > "/dev/stderr"
    exit 1
  }
}
