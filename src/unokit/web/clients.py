"""How a client address is counted by the per-address limits.

One IPv4 address is one client. An IPv6 subscriber usually holds a whole /64 network (2**64
addresses), so an IPv6 address counts as its /64: otherwise any limit per address would be no
limit at all.

>>> client_key("203.0.113.7")
'203.0.113.7'
>>> client_key("2001:db8:1:2:3:4:5:6")
'2001:db8:1:2::/64'
>>> client_key("::ffff:203.0.113.7")
'203.0.113.7'
"""

from __future__ import annotations

import hashlib
import ipaddress

__all__ = ["address_hash", "client_key"]


def client_key(address: str) -> str:
    """What a client address counts as: itself, or its /64 network for IPv6."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        mapped = ip.ipv4_mapped
        return str(mapped) if mapped else str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def address_hash(address: str) -> str:
    """The SHA-256 of :func:`client_key` (what is stored: never the address itself); ``""``
    for no address."""
    return hashlib.sha256(client_key(address).encode()).hexdigest() if address else ""
