/** Who can move a Base shop to a plan with the back office, as a notice's second line and its link. */
export interface BasePlanWayOut {
  detail: string;
  action?: { label: string; href: string };
}

/**
 * The way out of the Base-plan refusal: the owner is signed out, so no ticket can be opened; the technician who
 * installed the shop changes its plan. Without a technician on record, where to turn is said in words.
 */
export function basePlanWayOut(tech: { name: string; email?: string; phone?: string } | undefined): BasePlanWayOut {
  if (!tech) return { detail: "Per passare a un piano con il backoffice rivolgiti al tecnico che ha installato la cassa del negozio." };
  const reach = [tech.email, tech.phone].filter(Boolean).join(' · ');
  const detail = `Per passare a un piano con il backoffice scrivi al tecnico del tuo negozio: ${tech.name} (${reach}).`;
  if (tech.email) {
    const subject = 'Passaggio a un piano con il backoffice';
    const body = `Buongiorno ${tech.name},\nvorrei passare a un piano che includa il backoffice. Mi contatti per la proposta?\nGrazie.`;
    return { detail, action: { label: 'Scrivi al tecnico', href: `mailto:${tech.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}` } };
  }
  return { detail, action: { label: 'Chiama il tecnico', href: `tel:${(tech.phone ?? '').replace(/[^\d+]/g, '')}` } };
}
