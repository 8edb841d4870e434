// What the stress runs serve: each protocol's sample state, named so that an answer says
// which server gave it.
import { sampleState } from 'gamequery';

/** A state whose name says which server answered, where the protocol has a name. */
export function named(protocol, name) {
  const s = sampleState(protocol);
  if (protocol === 'samp') s.info.hostname = name;
  else if (protocol === 'minecraft-bedrock') s.motd = name;
  else if (protocol === 'minecraft-query') s.motd = name;
  else if (protocol === 'sqp') s.info.serverName = name;
  else if (protocol === 'a2s') s.info.name = name;
  else if (protocol === 'quake3') s.info.sv_hostname = name;
  else if (protocol === 'quake2' || protocol === 'quakeworld') {
    s.info.hostname = name;
    s.info.sv_hostname = name;
  }
  else if (protocol === 'doom3') s.info.si_name = name;
  else if (protocol === 'fivem') s.hostname = name;
  else if (protocol === 'all-seeing-eye') s.name = name;
  else if (protocol === 'gamespy1' || protocol === 'gamespy2' || protocol === 'gamespy3') s.rules.hostname = name;
  else if (protocol === 'unreal2') s.info.name = name;
  else if (protocol === 'satisfactory') s.name = name;
  else if (protocol === 'minecraft-java') s.motd = name;
  return s;
}
